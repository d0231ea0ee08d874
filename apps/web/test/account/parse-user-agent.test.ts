/**
 * The sessions list's User-Agent reader names the common browsers and systems, and tells Edge,
 * Opera and iOS browsers from the Chrome and Safari they also claim to be.
 */
import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../../src/features/account/lib/parse-user-agent';

const CASES: [string, { browser: string | null; version: string | null; os: string | null; mobile: boolean }][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: '126', os: 'Windows', mobile: false },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
    { browser: 'Edge', version: '126', os: 'Windows', mobile: false },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    { browser: 'Safari', version: '17', os: 'macOS', mobile: false },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', version: '126', os: 'iOS', mobile: true },
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0',
    { browser: 'Opera', version: '82', os: 'Android', mobile: true },
  ],
  [
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browser: 'Firefox', version: '128', os: 'Linux', mobile: false },
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: '126', os: 'ChromeOS', mobile: false },
  ],
  ['curl/8.5.0', { browser: 'curl', version: '8', os: null, mobile: false }],
  ['', { browser: null, version: null, os: null, mobile: false }],
];

describe('parseUserAgent', () => {
  for (const [ua, expected] of CASES) {
    it(`reads ${expected.browser ?? 'nothing'} on ${expected.os ?? 'nothing'} from "${ua.slice(0, 60)}"`, () => {
      expect(parseUserAgent(ua)).toEqual(expected);
    });
  }
  it('reads a missing header as an unknown device', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, version: null, os: null, mobile: false });
  });
});
