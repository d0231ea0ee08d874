/**
 * @module Queries on device authorization requests, written once. Every change of state is a
 * conditional UPDATE on the state it leaves (`… WHERE status = 'pending'`): of two concurrent
 * claims, decisions or redemptions only the one whose update changed the row wins.
 */
import { isUniqueViolation, type PluginHost } from '../../../plugin';
import { oauthProviderSchema, type DeviceCodeStatus, type OAuthDeviceCodeTable } from '../schema';
import type { OAuthDb } from '../tokens/store';

/** RFC 8628 §3.5: every `slow_down` lengthens the interval by 5 seconds, for good. */
const SLOW_DOWN_STEP = 5;

/** False when the device or user code is already taken (the caller draws new ones). */
export async function insertDeviceCode(auth: PluginHost, row: OAuthDeviceCodeTable): Promise<boolean> {
  try {
    await oauthProviderSchema.db(auth).insertInto('oauthDeviceCode').values(row).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function findDeviceCodeByDigest(auth: PluginHost, digest: string) {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthDeviceCode')
    .selectAll()
    .where('deviceCode', '=', digest)
    .executeTakeFirst();
}

/** By the normalised user code (user-code.ts). */
export function findDeviceCodeByUserCode(auth: PluginHost, userCode: string) {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthDeviceCode')
    .selectAll()
    .where('userCode', '=', userCode)
    .executeTakeFirst();
}

/** The user takes an unclaimed pending request; true only for the claim that took it. */
export async function claimDeviceCode(auth: PluginHost, id: string, userId: string): Promise<boolean> {
  const result = await oauthProviderSchema
    .db(auth)
    .updateTable('oauthDeviceCode')
    .set({ userId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('userId', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The claiming user approves or denies a pending request, from `sessionId`; true if it was still pending. */
export async function decideDeviceCode(
  auth: PluginHost,
  row: OAuthDeviceCodeTable,
  decision: { userId: string; sessionId: string; status: 'approved' | 'denied'; referenceId: string | null },
): Promise<boolean> {
  const result = await oauthProviderSchema
    .db(auth)
    .updateTable('oauthDeviceCode')
    .set({ status: decision.status, sessionId: decision.sessionId, referenceId: decision.referenceId })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('userId', '=', decision.userId)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Records a poll that kept to the interval. Conditional on the last poll it read, so of two
 * concurrent polls only one counts and the other is told to slow down.
 */
export async function recordPoll(auth: PluginHost, row: OAuthDeviceCodeTable, at: Date): Promise<boolean> {
  let update = oauthProviderSchema
    .db(auth)
    .updateTable('oauthDeviceCode')
    .set({ lastPolledAt: at })
    .where('id', '=', row.id);
  update =
    row.lastPolledAt === null
      ? update.where('lastPolledAt', 'is', null)
      : update.where('lastPolledAt', '=', row.lastPolledAt);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A poll came too soon: the interval grows, counted from this poll. */
export async function slowDown(auth: PluginHost, id: string, at: Date): Promise<void> {
  await oauthProviderSchema
    .db(auth)
    .updateTable('oauthDeviceCode')
    .set((eb) => ({ pollingInterval: eb('pollingInterval', '+', SLOW_DOWN_STEP), lastPolledAt: at }))
    .where('id', '=', id)
    .execute();
}

/** True only for the poll whose update redeemed the approved request. */
export async function markDeviceCodeRedeemed(db: OAuthDb, id: string): Promise<boolean> {
  const redeemed: DeviceCodeStatus = 'redeemed';
  const result = await db
    .updateTable('oauthDeviceCode')
    .set({ status: redeemed })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** When the live session `sessionId` signed in (the tokens' `auth_time`), or null once it has ended. */
export async function liveSessionStart(auth: PluginHost, sessionId: string): Promise<Date | null> {
  const row = await oauthProviderSchema
    .db(auth)
    .selectFrom('session')
    .select(['createdAt', 'expiresAt'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined && row.expiresAt > auth.now() ? row.createdAt : null;
}
