/**
 * @module One GET of a JSON document the server fetches because a client named its URL (a Client
 * ID Metadata Document, a client's jwks_uri). Whoever can name a URL can make the server send a
 * request from inside its network (SSRF), so the request is held to:
 *
 * - https only, always. There is no "development" exception for http or loopback hosts: a server
 *   whose baseURL says localhost is as often a production server behind a misconfigured proxy, and
 *   it would then fetch its own internal services at a client's word.
 * - a public host: the URL's host passes `isPublicHost` (no loopback, private or reserved literal,
 *   no internal name), then every address DNS answers for it passes too, and the connection is
 *   made to the address that was checked (node:https with a `lookup` that answers it), so a name
 *   re-pointed between the check and the connect (DNS rebinding) cannot reach an internal host.
 *   TLS still verifies the certificate for the name in the URL.
 * - no redirect followed: a 3xx is refused, so a public URL cannot bounce the request inward.
 * - a size cap counted on the bytes as they arrive, a time cap on the whole exchange, JSON only.
 *
 * node:https rather than fetch: fetch exposes no way to pin the connection to a checked address.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { isPublicHost } from '../clients/public-host';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/**
 * The network as the fetch sees it. Production uses DNS and the system's trust store with every
 * address checked; only tests replace parts of it (remote-documents.ts's `useTestNetwork`).
 */
export interface FetchNetwork {
  /** Every address of a host name (node:dns `lookup` with `all`). */
  readonly resolve: (hostname: string) => Promise<readonly ResolvedAddress[]>;
  /** Addresses let through although not public: a test's own loopback server, never set in production. */
  readonly trustedAddresses: readonly string[];
  /** Extra certificate authorities (PEM): a test server's self-signed certificate. */
  readonly ca: string | undefined;
}

export const SYSTEM_NETWORK: FetchNetwork = Object.freeze({
  resolve: (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }),
  trustedAddresses: [],
  ca: undefined,
});

export interface FetchLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export interface FetchedJson {
  readonly body: unknown;
  /** Cache-Control's max-age in seconds (0 for no-store or no-cache), or null when it names none. */
  readonly maxAge: number | null;
}

/** A refusal or failure of the fetch, with a description safe to show the client that named the URL. */
export class RemoteFetchError extends Error {}

/** `application/json` or a structured `+json` type (RFC 6839), parameters aside. */
function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

export function maxAgeOf(cacheControl: string | undefined): number | null {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.some((directive) => directive === 'no-store' || directive === 'no-cache')) return 0;
  const maxAge = directives.find((directive) => directive.startsWith('max-age='));
  if (!maxAge) return null;
  const seconds = Number(maxAge.slice('max-age='.length).replace(/^"|"$/g, ''));
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/** The address to connect to, after every address of the host has been checked. */
async function checkedAddress(url: URL, network: FetchNetwork): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await network.resolve(hostname);
  } catch {
    throw new RemoteFetchError(`${url.hostname} could not be resolved`);
  }
  const [first] = addresses;
  if (!first) throw new RemoteFetchError(`${url.hostname} could not be resolved`);
  // Every address, not only the one we connect to: a name that answers one public and one
  // private address is refused whole rather than trusted on which answer comes first.
  for (const { address } of addresses) {
    if (!isPublicHost(address) && !network.trustedAddresses.includes(address))
      throw new RemoteFetchError(`${url.hostname} resolves to a private or reserved address`);
  }
  return first;
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Counted as it arrives: a server that lies in (or leaves out) Content-Length is cut off here.
      if (size > maxBytes) {
        response.destroy();
        reject(new RemoteFetchError(`the document is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
  });
}

function checkResponse(response: IncomingMessage, maxBytes: number): void {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400)
    throw new RemoteFetchError('the document URL redirects; redirects are not followed');
  if (status !== 200) throw new RemoteFetchError(`the document URL answered ${status}`);
  if (!isJsonType(response.headers['content-type'])) throw new RemoteFetchError('the document is not JSON');
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new RemoteFetchError(`the document is larger than ${maxBytes} bytes`);
}

/** GETs `uri` as JSON under the rules above, or throws a RemoteFetchError. */
export async function fetchJson(uri: string, limits: FetchLimits, network: FetchNetwork): Promise<FetchedJson> {
  const url = URL.canParse(uri) ? new URL(uri) : null;
  if (!url || url.protocol !== 'https:') throw new RemoteFetchError('the document URL must be an https URL');
  if (url.username || url.password) throw new RemoteFetchError('the document URL must not contain credentials');
  if (!isPublicHost(url.hostname))
    throw new RemoteFetchError('the document URL must not point to a private or reserved address');
  const target = await checkedAddress(url, network);
  // Whatever the socket asks (one address, or all of them for Happy Eyeballs), it gets the checked one.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    return await new Promise<FetchedJson>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json' },
          lookup: pinned,
          ca: network.ca,
          // A fresh connection each time: a pooled socket would be to an address checked earlier.
          agent: false,
          signal: controller.signal,
        },
        (response) => {
          try {
            checkResponse(response, limits.maxBytes);
          } catch (error) {
            response.destroy();
            reject(error as Error);
            return;
          }
          readBody(response, limits.maxBytes).then((body) => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(body.toString('utf8'));
            } catch {
              reject(new RemoteFetchError('the document is not valid JSON'));
              return;
            }
            resolve({ body: parsed, maxAge: maxAgeOf(response.headers['cache-control']) });
          }, reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  } catch (error) {
    if (error instanceof RemoteFetchError) throw error;
    throw new RemoteFetchError(
      controller.signal.aborted
        ? `the document URL did not answer within ${limits.timeoutMs} ms`
        : 'the document could not be fetched',
    );
  } finally {
    clearTimeout(timer);
  }
}
