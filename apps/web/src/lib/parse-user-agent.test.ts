/**
 * The sessions list's User-Agent reader names the common browsers and systems, and tells Edge,
 * Opera and iOS browsers from the Chrome and Safari they also claim to be.
 */
import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './parse-user-agent';

const UA = {
  chromeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariOnMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeOnIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  operaOnAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0',
  firefoxOnLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeOnChromeOS:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

/** A User-Agent, then what the reader makes of it: browser, major version, system, mobile. */
const CASES: [ua: string, browser: string | null, version: string | null, os: string | null, mobile: boolean][] = [
  [UA.chromeOnWindows, 'Chrome', '126', 'Windows', false],
  [UA.edgeOnWindows, 'Edge', '126', 'Windows', false],
  [UA.safariOnMac, 'Safari', '17', 'macOS', false],
  [UA.chromeOnIPhone, 'Chrome', '126', 'iOS', true],
  [UA.operaOnAndroid, 'Opera', '82', 'Android', true],
  [UA.firefoxOnLinux, 'Firefox', '128', 'Linux', false],
  [UA.chromeOnChromeOS, 'Chrome', '126', 'ChromeOS', false],
  ['curl/8.5.0', 'curl', '8', null, false],
  ['', null, null, null, false],
];

describe('parseUserAgent', () => {
  it.each(CASES)('reads "%s" as %s %s on %s, mobile %s', (ua, browser, version, os, mobile) => {
    expect(parseUserAgent(ua)).toEqual({ browser, version, os, mobile });
  });
  it('reads a missing header as an unknown device', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, version: null, os: null, mobile: false });
  });
});
