/**
 * @module The one rule every credential exchanged for tokens keeps (a code, a refresh token, an
 * approved device request): it is spent and the tokens written in one transaction, and whoever comes
 * second — a concurrent exchange, or a replay later — finds it spent, and the grant it belonged to is
 * revoked whole, the winner's new tokens included (RFC 6749 §4.1.2, RFC 9700 §2.2.2 and §4.14.2): a
 * credential presented twice may have been stolen, and nobody can tell which holder is the thief.
 */
import { emitEvent } from '../../../plugin';
import { OAuthError } from '../oauth-error';
import { oauthProviderSchema } from '../schema';
import type { GrantContext } from './grant-context';
import { storeTokens, type PreparedTokens } from './issue';
import { revokeGrant, type OAuthDb } from './store';

export interface SpentCredential {
  /** The conditional update that spends it: false when another exchange spent it first. */
  spend(trx: OAuthDb): Promise<boolean>;
  readonly grantId: string;
  readonly clientId: string;
  readonly userId: string | null;
  /** The grant type, for the event. */
  readonly method: string;
  /** The `error_description` of the refusal. */
  readonly refusal: string;
}

export async function redeemOnce(
  grant: GrantContext,
  credential: SpentCredential,
  prepared: PreparedTokens,
): Promise<PreparedTokens> {
  // The update waits for a concurrent exchange's commit, so exactly one of two sees it succeed.
  const won = await oauthProviderSchema
    .db(grant.auth)
    .transaction()
    .execute(async (trx) => {
      if (!(await credential.spend(trx))) return false;
      await storeTokens(trx, prepared);
      return true;
    });
  if (won) return prepared;
  return refuseReplay(grant, credential);
}

/** A credential found spent (or lost the race to spend it): its grant is revoked, the exchange refused. */
export async function refuseReplay(grant: GrantContext, credential: Omit<SpentCredential, 'spend'>): Promise<never> {
  await revokeGrant(grant.auth, credential.grantId);
  emitEvent(grant.origin, 'oauth-token-replayed', {
    outcome: 'failure',
    ...(credential.userId ? { userId: credential.userId } : {}),
    method: credential.method,
    detail: { clientId: credential.clientId, grantId: credential.grantId },
  });
  throw new OAuthError('invalid_grant', credential.refusal);
}
