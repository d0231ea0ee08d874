/**
 * @module HTML form posts as a browser sends them, with the Fetch Metadata headers that tell a
 * navigation from our own page from one started by another site.
 */
import { ORIGIN, type RequestOptions, type TestClient } from './harness';

export const FORM = 'application/x-www-form-urlencoded';

/** What a browser sends with a form posted from a page of the given site. */
export const SAME_ORIGIN_NAVIGATION = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
/** What a browser sends with a top-level form post from another site. */
export const CROSS_SITE_NAVIGATION = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

/** Posts `fields` as a browser posts a form from our own page, unless `options` say otherwise. */
export function postForm(
  client: TestClient,
  path: string,
  fields: [string, string][] | Record<string, string>,
  options: RequestOptions = {},
) {
  return client.post(path, undefined, {
    origin: ORIGIN,
    ...options,
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': FORM, ...SAME_ORIGIN_NAVIGATION, ...options.headers },
  });
}
