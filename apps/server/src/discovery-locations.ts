/**
 * @module The OAuth provider's discovery documents where clients look for them outside the
 * engine's base path, each mapped to the engine's route under it (the oauth-provider plugin's):
 * OpenID Connect Discovery at the origin's root, for clients given only the origin; RFC 8414 §3's
 * `/.well-known/oauth-authorization-server{basePath}` for an issuer with a path; and the same
 * path-inserted form of `openid-configuration` (RFC 8414 §5), which some clients try first. The
 * engine knows nothing of these locations; with the plugin off its answer is a 404.
 */
const OPENID_CONFIGURATION = '/.well-known/openid-configuration';
const AUTHORIZATION_SERVER = '/.well-known/oauth-authorization-server';

/** Each root location → the engine's path of its document. */
export function discoveryLocations(basePath: string): ReadonlyMap<string, string> {
  return new Map([
    [OPENID_CONFIGURATION, basePath + OPENID_CONFIGURATION],
    [OPENID_CONFIGURATION + basePath, basePath + OPENID_CONFIGURATION],
    [AUTHORIZATION_SERVER + basePath, basePath + AUTHORIZATION_SERVER],
  ]);
}
