/**
 * GET /social-providers: the enabled providers as `[{id, name}]`, in configuration order, to anyone
 * (no session), with nothing of their configuration beyond the label; none configured, an empty list.
 */
import { expect, it } from 'vitest';
import { createSocialProvider } from '../src';
import { describeEachDialect } from './support/harness';

const GITHUB_SECRET = 'gh-secret-that-must-not-leak';
const DISCORD_SECRET = 'discord-secret-that-must-not-leak';

describeEachDialect(
  'GET /social-providers with providers configured',
  (h) => {
    it('lists each enabled provider by id and label, in the configured order, without a session', async () => {
      const response = await h().client().get('/social-providers', { origin: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { id: 'discord', name: 'Discord' },
        { id: 'github', name: 'GitHub' },
      ]);
    });

    it('answers a signed-in user the same, and no secret, client id or endpoint is in the answer', async () => {
      const { client } = await h().signUp();
      const response = await client.get('/social-providers');
      expect(response.body).toEqual([
        { id: 'discord', name: 'Discord' },
        { id: 'github', name: 'GitHub' },
      ]);
      for (const hidden of [GITHUB_SECRET, DISCORD_SECRET, 'gh-client-id', 'discord-client-id', 'https://'])
        expect(response.text).not.toContain(hidden);
    });
  },
  {
    socialProviders: [
      createSocialProvider('discord', { clientId: 'discord-client-id', clientSecret: DISCORD_SECRET }),
      createSocialProvider('github', { clientId: 'gh-client-id', clientSecret: GITHUB_SECRET }),
    ],
  },
);

describeEachDialect('GET /social-providers without providers', (h) => {
  it('answers an empty list', async () => {
    const response = await h().client().get('/social-providers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});
