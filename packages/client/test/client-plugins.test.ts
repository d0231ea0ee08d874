/**
 * Client plugins at run time: a plugin's methods exist only on a client given the plugin, its
 * refresh rules fire on its endpoint ids, and the route tables say what the server serves.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoreEndpoints } from '@latchkey/server';
import { createAuthClient, defineClientPlugin, type AuthClient, type ClientOptions, type ClientPlugin } from '../src';
import { coreClient } from '../src/core-client';
import { adminClient, organizationClient, usernameClient } from '../src/plugins';
import { createAuthStores } from '../src/stores';
import { signedUpBrowser, useTestServer } from './support';

const server = useTestServer();

/** A fetch that answers every request with `{ n }`, counting requests by path. */
function countingFetch() {
  const counts = new Map<string, number>();
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname.replace('/api/auth', '');
    counts.set(path, (counts.get(path) ?? 0) + 1);
    return Response.json({ n: counts.get(path) });
  }) as typeof globalThis.fetch;
  return { fetch, count: (path: string) => counts.get(path) ?? 0 };
}

const toolsClient = () =>
  defineClientPlugin({
    id: 'tools',
    routes: {
      ping: { path: '/tools/ping', method: 'POST' },
      readCount: { path: '/tools/count', method: 'GET' },
    },
    stores: { count: { route: 'readCount', hook: 'useCount' } },
    refresh: { ping: ['count'] },
  });

/**
 * A client given any plugins, typed as the core client: these tests look at what exists at run
 * time, which a client's type (that only takes the plugins its server has) would not let them reach.
 */
function untypedClient(options: ClientOptions & { plugins?: readonly ClientPlugin[] }) {
  return createAuthClient<CoreEndpoints>(options as ClientOptions) as AuthClient<CoreEndpoints> &
    Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
}

/**
 * A store refreshes a moment after the call that asked for it (a timer): these tests fake the
 * timers, so vi.waitFor moves them on while it waits, and "nothing refreshes" is "no timer set".
 */
function fakeRefreshTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('client plugins', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a client without a plugin has none of its methods; $fetch still reaches the plugin's routes", async () => {
    const { jar } = await signedUpBrowser(server);
    const core = createAuthClient({ baseURL: server.baseURL, fetchOptions: { fetch: jar.fetch } });
    expect('organization' in core).toBe(false);
    expect('admin' in core).toBe(false);
    expect('username' in (core.signIn as object)).toBe(false);
    expect(typeof core.signIn.email).toBe('function');
    const listed = await core.$fetch<unknown[]>('/organization/list');
    expect(listed).toEqual({ data: [], error: null });

    const withPlugin = untypedClient({
      baseURL: server.baseURL,
      fetchOptions: { fetch: jar.fetch },
      plugins: [organizationClient()],
    });
    expect(typeof withPlugin.organization!.list).toBe('function');
    expect('admin' in withPlugin).toBe(false);
  });

  it("a plugin's refresh rule fires on its endpoint id, whether called as a method or through $fetch", async () => {
    const { fetch, count } = countingFetch();
    const client = untypedClient({ baseURL: 'http://tools.test', fetchOptions: { fetch }, plugins: [toolsClient()] });
    const heard: (string | undefined)[] = [];
    client.$onSuccess((_path, _method, id) => heard.push(id));
    const stores = createAuthStores(client, { focusTarget: new EventTarget() }) as unknown as Record<
      string,
      { subscribe(listener: () => void): () => void; getSnapshot(): { data: unknown } }
    >;
    fakeRefreshTimers();
    stores.count!.subscribe(() => {});
    await vi.waitFor(() => expect(stores.count!.getSnapshot().data).toEqual({ n: 1 }));

    await client.tools!.ping!();
    await vi.waitFor(() => expect(stores.count!.getSnapshot().data).toEqual({ n: 2 }));
    expect(count('/tools/ping')).toBe(1);
    expect(count('/tools/count')).toBe(2);

    await client.$fetch('/tools/ping');
    await client.$fetch('/tools/elsewhere', { x: 1 });
    await vi.waitFor(() => expect(stores.count!.getSnapshot().data).toEqual({ n: 3 }));
    expect(count('/tools/count')).toBe(3);
    expect(heard).toEqual(['readCount', 'ping', 'readCount', 'ping', undefined, 'readCount']);
  });

  it('without the plugin, the same call refreshes nothing and the store does not exist', async () => {
    const { fetch, count } = countingFetch();
    const client = createAuthClient({ baseURL: 'http://tools.test', fetchOptions: { fetch } });
    const stores = createAuthStores(client, { focusTarget: new EventTarget() });
    expect(Object.keys(stores).sort()).toEqual(['dispose', 'session']);
    fakeRefreshTimers();
    await client.$fetch('/tools/ping');
    expect(vi.getTimerCount()).toBe(0);
    expect(count('/tools/count')).toBe(0);
  });

  it('the route tables name every endpoint the server serves over HTTP, with its path and method', () => {
    const plugins: readonly ClientPlugin[] = [coreClient, usernameClient(), adminClient(), organizationClient()];
    const declared = Object.fromEntries(plugins.flatMap((plugin) => Object.entries(plugin.routes)));
    const served = Object.fromEntries(
      server.auth.endpoints
        .filter((endpoint) => !endpoint.serverOnly && !endpoint.path.includes(':'))
        .map((endpoint) => [endpoint.id, { path: endpoint.path, method: endpoint.method }]),
    );
    expect(declared).toEqual(served);
  });
});
