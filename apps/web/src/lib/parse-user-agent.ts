/**
 * @module A small User-Agent reader for the session lists (the account page's and the admin's):
 * the browser (with its major version) and the operating system, enough for a person to recognise
 * "Firefox on Windows" as their own laptop. Not for feature detection or security decisions: the
 * header is whatever the client sent.
 */
export interface DeviceInfo {
  browser: string | null;
  /** The major version, when the header carries one. */
  version: string | null;
  os: string | null;
  mobile: boolean;
}

/**
 * Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari",
 * and iOS browsers name themselves with their own tokens (CriOS, FxiOS, EdgiOS).
 */
const BROWSERS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\b(?:Edg|Edge|EdgA|EdgiOS)\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Yandex Browser', pattern: /\bYaBrowser\/(\d+)/ },
  { name: 'Vivaldi', pattern: /\bVivaldi\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\// },
  { name: 'curl', pattern: /^curl\/(\d+)/ },
  { name: 'Node.js', pattern: /^(?:node|undici)(?:\/(\d+))?/ },
];

const SYSTEMS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Windows', pattern: /\bWindows\b/ },
  // iPadOS 13+ says "Macintosh" unless it asks for the mobile site; the header cannot tell more.
  { name: 'iOS', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'macOS', pattern: /\b(?:Macintosh|Mac OS X)\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = (userAgent ?? '').trim();
  const browser = BROWSERS.find(({ pattern }) => pattern.test(ua));
  const os = SYSTEMS.find(({ pattern }) => pattern.test(ua));
  return {
    browser: browser?.name ?? null,
    version: browser ? (browser.pattern.exec(ua)?.[1] ?? null) : null,
    os: os?.name ?? null,
    mobile: /\b(?:Mobile|Android|iPhone|iPod)\b/.test(ua),
  };
}
