import { expect, it } from 'vitest';
import { describeEachDialect } from './support/harness';

describeEachDialect('GET /ok', (h) => {
  it('answers {ok: true}', async () => {
    const response = await h().client().get('/ok');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });
});
