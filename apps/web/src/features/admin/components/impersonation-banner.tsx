/** Shown on every page while an admin impersonates a user. */
export function ImpersonationBanner() {
  return null;
}
