/**
 * @module The cookie that binds an OAuth state to the browser that started it. It holds a random
 * value; each state record keeps its SHA-256 digest, and the callback accepts a state only from a
 * browser whose cookie matches. A state leaked from one browser (a log, a Referer) is useless in
 * another, and an attacker cannot make a victim's browser finish the attacker's own sign-in
 * (login CSRF): the victim's browser lacks the attacker's cookie. One value serves every flow the
 * browser has running, so two tabs signing in at once both succeed.
 *
 * Over https the name carries the `__Host-` prefix: a sibling subdomain cannot plant a cookie of
 * that name, which would otherwise let it tie the victim's browser to the attacker's flows.
 *
 * SameSite: Apple answers with a cross-site form POST, which carries no Lax cookie. Over https,
 * when a provider of that kind is configured, the cookie is `SameSite=None; Secure` and arrives
 * with the POST. Over plain http (development on loopback) `None` is not allowed without `Secure`,
 * so it stays Lax and the POST callback turns itself into a same-site GET, which carries it
 * (oauth/oauth-callback.ts).
 */
import type { AuthContext } from '../auth/context';
import { randomString } from '../crypto/random';
import type { CookieAttributes, RequestCookies, ResponseCookies } from '../http/cookies';
import { DEFAULTS, type ResolvedOptions } from '../auth/options';

const BINDING_LENGTH = 32;
const BINDING_FORMAT = /^[A-Za-z0-9]{32}$/;

interface StateCookieSettings {
  name: string;
  attributes: CookieAttributes;
}

const settingsByOptions = new WeakMap<ResolvedOptions, StateCookieSettings>();

function settingsOf(options: ResolvedOptions): StateCookieSettings {
  let settings = settingsByOptions.get(options);
  if (!settings) {
    const formPost = [...options.socialProviders.values()].some((provider) => provider.formPostCallback === true);
    settings = {
      name: `${options.secureCookies ? '__Host-' : ''}${options.cookiePrefix}.oauth_state`,
      attributes: {
        httpOnly: true,
        secure: options.secureCookies,
        sameSite: options.secureCookies && formPost ? 'None' : 'Lax',
        path: '/',
        maxAge: DEFAULTS.oauthStateLifetime,
      },
    };
    settingsByOptions.set(options, settings);
  }
  return settings;
}

export function stateCookieName(options: ResolvedOptions): string {
  return settingsOf(options).name;
}

/** The browser's binding value, if it holds one of ours. */
export function readBrowserBinding(auth: AuthContext, requestCookies: RequestCookies): string | null {
  const value = requestCookies.get(settingsOf(auth.options).name);
  return value !== undefined && BINDING_FORMAT.test(value) ? value : null;
}

/**
 * The value a new state is bound to: the browser's own if it has one (its other flows keep
 * working), else a new one. The cookie is set again either way, so it outlives the newest state.
 */
export function bindBrowser(auth: AuthContext, requestCookies: RequestCookies, cookies: ResponseCookies): string {
  const binding = readBrowserBinding(auth, requestCookies) ?? randomString(BINDING_LENGTH);
  const { name, attributes } = settingsOf(auth.options);
  cookies.set(name, binding, attributes);
  return binding;
}
