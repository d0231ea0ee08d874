/**
 * @module The tables the import copies, parents before children, so every foreign key names a row
 * already in Latchkey when its row is written.
 */
import { accountPlan, sessionPlan, userPlan, verificationPlan } from './core-tables';
import { invitationPlan, memberPlan, organizationPlan, teamMemberPlan, teamPlan } from './organization-tables';
import { passkeyPlan, twoFactorPlan } from './plugin-tables';
import type { TablePlan } from './table-plan';

export const TABLE_PLANS: readonly TablePlan[] = Object.freeze([
  userPlan,
  accountPlan,
  sessionPlan,
  verificationPlan,
  organizationPlan,
  teamPlan,
  memberPlan,
  teamMemberPlan,
  invitationPlan,
  passkeyPlan,
  twoFactorPlan,
]);
