/**
 * @module What every section of an organization's page is given.
 */
import type { FullOrganization } from '../api/get-organization';
import type { MemberAbilities } from '../lib/member-permissions';

export interface SectionProps {
  organization: FullOrganization;
  abilities: MemberAbilities;
  /** The caller's own user id. */
  userId: string;
}
