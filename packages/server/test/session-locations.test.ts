/**
 * Session locations (issue #32 item 20): with a GeoIP database, list-sessions gives each session
 * the place of its IP address, in the request's language; an address the database does not hold,
 * a private one (even one the database holds) and a server without a database give none. Looked up
 * when read: nothing is stored on the session.
 */
import { expect, it } from 'vitest';
import { openGeoIpDatabase } from '../src';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import {
  BERLIN,
  BERLIN_DE,
  BERLIN_IP,
  FRANCE,
  FRANCE_IP,
  PRIVATE_MAPPED_IP,
  TOKYO,
  TOKYO_IP,
  UNKNOWN_IP,
  geoIpDatabaseFile,
} from './support/geoip-fixture';
import { sessionRow } from './support/rows';

const PASSWORD = 'correct horse battery';
const ipLocation = await openGeoIpDatabase(geoIpDatabaseFile());

/** A user signed up from the first address and signed in from each of the others. */
async function userSignedInFrom(h: Harness, first: string, ...others: string[]) {
  const email = uniqueEmail();
  const client = h.client(first);
  const signUp = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Grace' });
  expect(signUp.status).toBe(200);
  const tokens = [signUp.body.token as string];
  for (const ip of others) {
    const signIn = await h.client(ip).post('/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    tokens.push(signIn.body.token as string);
  }
  return { client, tokens };
}

describeEachDialect(
  'session locations with a GeoIP database',
  (h) => {
    it('list-sessions answers the city and country of each session’s IP address', async () => {
      const { client, tokens } = await userSignedInFrom(h(), BERLIN_IP, FRANCE_IP, TOKYO_IP);
      const response = await client.get('/list-sessions');
      expect(response.status).toBe(200);
      const rows = await Promise.all(tokens.map((token) => sessionRow(h(), token)));
      const byId = new Map(response.body.map((s: { id: string }) => [s.id, s]));
      expect(byId.get(rows[0]!.id)).toMatchObject({ ipAddress: BERLIN_IP, location: BERLIN });
      expect(byId.get(rows[1]!.id)).toMatchObject({ ipAddress: FRANCE_IP, location: FRANCE });
      expect(byId.get(rows[2]!.id)).toMatchObject({ ipAddress: TOKYO_IP, location: TOKYO });
      // Read, not stored: the session row has no such column.
      expect(rows[0]).not.toHaveProperty('location');
    });

    it('names the country in the language of the request’s Accept-Language, English where the database has none', async () => {
      const { client } = await userSignedInFrom(h(), BERLIN_IP);
      const german = await client.get('/list-sessions', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(german.status).toBe(200);
      expect(german.body[0].location).toEqual(BERLIN_DE);
      const turkish = await client.get('/list-sessions', { headers: { 'accept-language': 'tr' } });
      expect(turkish.body[0].location).toEqual(BERLIN);
    });

    it('gives no location for an address the database does not hold, nor for a private one it does', async () => {
      const { client } = await userSignedInFrom(h(), UNKNOWN_IP, PRIVATE_MAPPED_IP, '127.0.0.1');
      const response = await client.get('/list-sessions');
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(3);
      for (const session of response.body) expect(session.location, session.ipAddress).toBeNull();
      expect(response.body.map((s: { ipAddress: string }) => s.ipAddress).sort()).toEqual(
        [PRIVATE_MAPPED_IP, '127.0.0.1', UNKNOWN_IP].sort(),
      );
    });

    it('get-session stays as it was: no lookup on every request', async () => {
      const { client } = await userSignedInFrom(h(), BERLIN_IP);
      const response = await client.get('/get-session');
      expect(response.status).toBe(200);
      expect(response.body.session.ipAddress).toBe(BERLIN_IP);
      expect(response.body.session).not.toHaveProperty('location');
    });
  },
  { ipLocation },
);

describeEachDialect('session locations without a GeoIP database', (h) => {
  it('list-sessions answers location null for every session', async () => {
    const { client } = await userSignedInFrom(h(), BERLIN_IP, FRANCE_IP);
    const response = await client.get('/list-sessions');
    expect(response.status).toBe(200);
    expect(response.body.map((s: { location: unknown }) => s.location)).toEqual([null, null]);
  });
});
