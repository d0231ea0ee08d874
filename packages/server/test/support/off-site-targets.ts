/**
 * @module Redirect targets that look like paths on the site but that a browser, once the server
 * has resolved them (dot segments) or read them its way (backslashes, dropped tabs and newlines),
 * or an application decoding them first, follows to another host (issue #29 item 1).
 */

/** Each resolves, or is read by a browser or a decoding application, as a path beginning with `//`. */
export const OFF_SITE_TARGETS = [
  '/.//evil.test/x',
  '/..//evil.test/x',
  '/%2e//evil.test/x',
  '/a/..//evil.test/x',
  // percent-encoded
  '/%2e%2e//evil.test/x',
  '/%2E%2E//evil.test/x',
  '/a/%2e%2e//evil.test/x',
  '/.%2f/evil.test/x',
  '/.%2F%2Fevil.test/x',
  '/%2e%2f%2fevil.test/x',
  '/.%5c/evil.test/x',
  '/%2e%5c%5cevil.test/x',
  // backslashes, read by browsers as slashes
  '/.\\evil.test/x',
  '/.\\\\evil.test/x',
  '/..\\/evil.test/x',
  '\\\\evil.test/x',
  '\\evil.test/x',
  // tabs and newlines, dropped by browsers
  '/.\t//evil.test/x',
  '/\t.//evil.test/x',
  '/.\n//evil.test/x',
  '/.\r\n//evil.test/x',
  '/.%09//evil.test/x',
  '/.%0a//evil.test/x',
];
