/**
 * The guarded fetch against a real HTTPS server: what it fetches, and each rule it holds a
 * client-named URL to — the production network refuses internal addresses before any packet is
 * sent; the test network (names at the local server) shows the pinning, redirects, caps and types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocumentServer, type DocumentServer } from '../test/document-server';
import { fetchJson, maxAgeOf, RemoteFetchError, SYSTEM_NETWORK, type FetchNetwork } from './guarded-fetch';

const LIMITS = { maxBytes: 1024, timeoutMs: 5000 };
let server: DocumentServer;
let network: FetchNetwork;

beforeAll(async () => {
  server = await startDocumentServer();
  network = { ...SYSTEM_NETWORK, ...server.network };
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteFetchError);
  return (error as Error).message;
}

describe('guarded fetch', () => {
  it('fetches a JSON document over https, connecting to the address it checked, with its max-age', async () => {
    server.json('/doc.json', { hello: 'world' }, { 'cache-control': 'public, max-age=120' });
    let lookups = 0;
    const counting: FetchNetwork = {
      ...network,
      resolve: async (hostname) => {
        lookups += 1;
        return network.resolve(hostname);
      },
    };
    const fetched = await fetchJson(`${server.origin()}/doc.json`, LIMITS, counting);
    expect(fetched).toEqual({ body: { hello: 'world' }, maxAge: 120 });
    // One resolution, the checked one: the socket did not resolve the name again (it would not
    // find `client.test` in DNS), so a rebinding answer after the check is never used.
    expect(lookups).toBe(1);
  });

  it('refuses http, credentials, and literal internal addresses on the production network', async () => {
    for (const uri of [
      'http://example.com/doc.json',
      'https://user:pw@example.com/doc.json',
      'https://127.0.0.1/doc.json',
      'https://10.1.2.3/doc.json',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/doc.json',
      'https://[::1]/doc.json',
      'https://[::ffff:127.0.0.1]/doc.json',
      'https://[::ffff:a9fe:a9fe]/doc.json',
      'https://[fd00::1]/doc.json',
      'https://localhost/doc.json',
      'https://metadata.internal/doc.json',
    ]) {
      expect(await refusal(fetchJson(uri, LIMITS, SYSTEM_NETWORK)), uri).toMatch(/https URL|credentials|private/);
    }
  });

  it('refuses a name that resolves to an internal address, and one that resolves to any', async () => {
    const internal: FetchNetwork = { ...network, resolve: async () => [{ address: '10.0.0.5', family: 4 }] };
    expect(await refusal(fetchJson(`${server.origin()}/doc.json`, LIMITS, internal))).toMatch(/private or reserved/);
    const mixed: FetchNetwork = {
      ...network,
      // The first answer is the (trusted) test server: checking only the address connected to
      // would let the second through unseen.
      resolve: async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
    };
    expect(await refusal(fetchJson(`${server.origin()}/doc.json`, LIMITS, mixed))).toMatch(/private or reserved/);
    const mapped: FetchNetwork = { ...network, resolve: async () => [{ address: '::ffff:10.0.0.1', family: 6 }] };
    expect(await refusal(fetchJson(`${server.origin()}/doc.json`, LIMITS, mapped))).toMatch(/private or reserved/);
  });

  it('lets a name that resolves to a public IPv4 address through the check', async () => {
    // The address is public but unreachable from here: the fetch fails on connecting, not on the
    // check. The check once refused every IPv4 address (a mixed-family BlockList, see
    // http/reserved-addresses.ts), which no test on the loopback test network could see.
    const public4: FetchNetwork = { ...network, resolve: async () => [{ address: '203.0.113.10', family: 4 }] };
    const message = await refusal(fetchJson(`${server.origin()}/doc.json`, { ...LIMITS, timeoutMs: 300 }, public4));
    expect(message).not.toMatch(/private or reserved/);
  });

  it('does not follow a redirect', async () => {
    server.route('/moved', (_request, response) =>
      response.writeHead(302, { location: `${server.origin()}/target` }).end(),
    );
    server.json('/target', { reached: true });
    expect(await refusal(fetchJson(`${server.origin()}/moved`, LIMITS, network))).toMatch(/redirect/);
    expect(server.hits.get('/target')).toBeUndefined();
  });

  it('refuses a document over the size cap, even one sent without a length', async () => {
    server.route('/big', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"pad":"${'x'.repeat(800)}`);
      response.end(`${'y'.repeat(800)}"}`);
    });
    expect(await refusal(fetchJson(`${server.origin()}/big`, LIMITS, network))).toMatch(/larger than 1024/);
  });

  it('refuses what is not JSON, a failed answer, and a server that does not answer in time', async () => {
    server.route('/html', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('{}'));
    expect(await refusal(fetchJson(`${server.origin()}/html`, LIMITS, network))).toMatch(/not JSON/);
    server.route('/broken', (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{'),
    );
    expect(await refusal(fetchJson(`${server.origin()}/broken`, LIMITS, network))).toMatch(/not valid JSON/);
    expect(await refusal(fetchJson(`${server.origin()}/missing`, LIMITS, network))).toMatch(/answered 404/);
    server.route('/slow', () => undefined);
    const quick = { ...LIMITS, timeoutMs: 200 };
    expect(await refusal(fetchJson(`${server.origin()}/slow`, quick, network))).toMatch(/within 200 ms/);
  });

  it('refuses a certificate that does not name the host', async () => {
    const untrusted: FetchNetwork = { ...network, ca: undefined };
    expect(await refusal(fetchJson(`${server.origin()}/doc.json`, LIMITS, untrusted))).toMatch(/could not be fetched/);
  });

  it('reads max-age, and no-store as zero', () => {
    expect(maxAgeOf('public, max-age=300')).toBe(300);
    expect(maxAgeOf('no-store')).toBe(0);
    expect(maxAgeOf('max-age=abc')).toBeNull();
    expect(maxAgeOf(undefined)).toBeNull();
  });
});
