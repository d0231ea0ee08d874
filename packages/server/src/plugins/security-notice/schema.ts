/**
 * @module The plugin's one table: the users who have signed in once (`securityNoticeUser`), so the
 * first sign-in after sign-up, necessarily from a browser never seen, is not reported as a stranger's.
 */
import { definePluginSchema, type DatabaseOf } from '../../plugin';

export interface SecurityNoticeUserTable {
  userId: string;
  firstSignInAt: Date;
}

export const securityNoticeSchema = definePluginSchema<{ securityNoticeUser: SecurityNoticeUserTable }>()({});

export type SecurityNoticeDatabase = DatabaseOf<typeof securityNoticeSchema>;
