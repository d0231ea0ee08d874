/**
 * @module The organization plugin's tables: organization, team, member, invitation and teamMember,
 * and the session's active organization and team. Foreign keys cascade from organization and user.
 */
import type { Migration } from '../../../plugin';

export const organizationMigration: Migration = {
  name: '0300-organization',
  async up(db, t) {
    await db.schema
      .createTable('organization')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('name', t.text, (c) => c.notNull())
      .addColumn('slug', t.key, (c) => c.notNull().unique())
      .addColumn('logo', t.text)
      .addColumn('metadata', t.text)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('team')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('name', t.key, (c) => c.notNull())
      .addColumn('organizationId', t.key, (c) => c.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date)
      .execute();
    await db.schema
      .createIndex('team_organizationId_name_idx')
      .on('team')
      .columns(['organizationId', 'name'])
      .unique()
      .execute();

    await db.schema
      .createTable('member')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('organizationId', t.key, (c) => c.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('role', t.key, (c) => c.notNull().defaultTo('member'))
      .addColumn('teamId', t.key)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    // One membership per user and organization: concurrent accepts of one invitation make one member.
    await db.schema
      .createIndex('member_organizationId_userId_idx')
      .on('member')
      .columns(['organizationId', 'userId'])
      .unique()
      .execute();
    await db.schema.createIndex('member_userId_idx').on('member').column('userId').execute();

    await db.schema
      .createTable('invitation')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('organizationId', t.key, (c) => c.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('email', t.key, (c) => c.notNull())
      .addColumn('role', t.key)
      .addColumn('status', t.key, (c) => c.notNull().defaultTo('pending'))
      .addColumn('teamId', t.key)
      .addColumn('inviterId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invitation_organizationId_idx').on('invitation').column('organizationId').execute();
    await db.schema.createIndex('invitation_email_idx').on('invitation').column('email').execute();
    await db.schema.createIndex('invitation_inviterId_idx').on('invitation').column('inviterId').execute();

    await db.schema
      .createTable('teamMember')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('teamId', t.key, (c) => c.notNull().references('team.id').onDelete('cascade'))
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('teamMember_teamId_userId_idx')
      .on('teamMember')
      .columns(['teamId', 'userId'])
      .unique()
      .execute();
    await db.schema.createIndex('teamMember_userId_idx').on('teamMember').column('userId').execute();

    await db.schema.alterTable('session').addColumn('activeOrganizationId', t.key).execute();
    await db.schema.alterTable('session').addColumn('activeTeamId', t.key).execute();
  },
};
