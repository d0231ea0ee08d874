/** The active organization picker in the header. */
export function OrganizationSwitcher() {
  return null;
}
