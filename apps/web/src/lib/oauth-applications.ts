/**
 * @module What the consent page and the account's connected applications show of an OAuth
 * application: its public description (GET /oauth2/public-client, which answers a loose record)
 * read into known fields, and the scopes it asks for in plain words. Links are kept only when they
 * are http(s): a `javascript:` address from a client's registration must never become a link.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuthClient, type AppClient } from './auth';
import { unwrap } from './unwrap';

export interface OAuthApplication {
  clientId: string;
  name: string | null;
  homepage: string | null;
  logo: string | null;
  termsOfService: string | null;
  privacyPolicy: string | null;
}

function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function applicationOf(clientId: string, answer: Record<string, unknown>): OAuthApplication {
  const name = typeof answer.client_name === 'string' && answer.client_name.trim() ? answer.client_name : null;
  return {
    clientId,
    name,
    homepage: webAddress(answer.client_uri),
    logo: webAddress(answer.logo_uri),
    termsOfService: webAddress(answer.tos_uri),
    privacyPolicy: webAddress(answer.policy_uri),
  };
}

export async function fetchApplication(client: AppClient, clientId: string): Promise<OAuthApplication> {
  return applicationOf(clientId, await unwrap(client.oauth2.publicClient({ query: { client_id: clientId } })));
}

/** The query key of an application's public description. */
export function applicationKey(clientId: string) {
  return ['oauth-application', clientId] as const;
}

export function useApplication(clientId: string | null) {
  const client = useAuthClient();
  return useQuery({
    queryKey: applicationKey(clientId ?? ''),
    queryFn: () => fetchApplication(client, clientId!),
    enabled: Boolean(clientId),
    retry: false,
  });
}

const KNOWN_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'organization'] as const;

/** A scope in plain words; a scope the app has no words for is shown as it is named. */
export function useScopeWords(): (scope: string) => string {
  const { t } = useTranslation('common');
  return (scope) =>
    (KNOWN_SCOPES as readonly string[]).includes(scope)
      ? t(`oauthScopes.${scope as (typeof KNOWN_SCOPES)[number]}`)
      : scope;
}

/** The scopes of a space-separated `scope`, each once, in the order given. */
export function scopesOf(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
