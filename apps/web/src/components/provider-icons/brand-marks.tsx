/**
 * @module The providers' marks, drawn here in a few shapes each (24 × 24) rather than fetched: the
 * app's Content-Security-Policy loads nothing from elsewhere, and a sign-in page must not tell a
 * CDN who is signing in. Simplified likenesses in each brand's colours, recognisable at button size.
 */
import type { ReactElement } from 'react';

const WHITE = '#fff';

export const BRAND_MARKS: Readonly<Record<string, ReactElement>> = {
  apple: (
    <g fill="#000">
      <path d="M16.4 12.7c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.9-.9-3.1-.8c-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.4-3.8z" />
      <path d="M14.1 5.9c.6-.8 1.1-1.8 1-2.9-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z" />
    </g>
  ),
  discord: (
    <>
      <rect width="24" height="24" rx="5" fill="#5865F2" />
      <path
        fill={WHITE}
        d="M6 8.5c1.5-1.2 3-1.7 4-1.8l.4.8a11 11 0 0 1 3.2 0l.4-.8c1 .1 2.5.6 4 1.8 1.2 2.3 1.8 4.8 1.6 7.6-1.4 1.1-2.8 1.7-4 2l-.8-1.3c.6-.2 1.2-.5 1.7-.9l-.4-.3a9.6 9.6 0 0 1-8.2 0l-.4.3c.5.4 1.1.7 1.7.9L8.4 18c-1.2-.3-2.6-.9-4-2-.2-2.8.4-5.3 1.6-7.5z"
      />
      <circle cx="9.6" cy="13" r="1.3" fill="#5865F2" />
      <circle cx="14.4" cy="13" r="1.3" fill="#5865F2" />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill={WHITE}
        d="M13.3 24v-8.4h2.8l.4-3.3h-3.2v-2.1c0-.9.3-1.6 1.6-1.6h1.7V5.7c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.1v3.3h2.8V24z"
      />
    </>
  ),
  github: (
    <>
      <circle cx="12" cy="12" r="12" fill="#181717" />
      <path
        fill={WHITE}
        d="M7.3 10.6 7.6 6.4l2.6 2.1a7 7 0 0 1 3.6 0l2.6-2.1.3 4.2c.5.7.8 1.5.8 2.4 0 2.6-2.2 4-5.5 4s-5.5-1.4-5.5-4c0-.9.3-1.7.8-2.4z"
      />
      <rect x="10.4" y="16" width="3.2" height="5" rx="1" fill={WHITE} />
    </>
  ),
  microsoft: (
    <>
      <rect x="1" y="1" width="10.5" height="10.5" fill="#F25022" />
      <rect x="12.5" y="1" width="10.5" height="10.5" fill="#7FBA00" />
      <rect x="1" y="12.5" width="10.5" height="10.5" fill="#00A4EF" />
      <rect x="12.5" y="12.5" width="10.5" height="10.5" fill="#FFB900" />
    </>
  ),
  google: (
    <g fill="none" strokeWidth="4">
      <path stroke="#EA4335" d="M4.95 9.43A7.5 7.5 0 0 1 17.75 7.18" />
      <path stroke="#FBBC05" d="M5.5 15.75A7.5 7.5 0 0 1 4.95 9.43" />
      <path stroke="#34A853" d="M17.75 16.82A7.5 7.5 0 0 1 5.5 15.75" />
      <path stroke="#4285F4" d="M19.5 12a7.5 7.5 0 0 1-1.75 4.82M12 12h9.5" />
    </g>
  ),
  spotify: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1DB954" />
      <g fill="none" stroke="#000" strokeLinecap="round">
        <path strokeWidth="2.2" d="M6 8.8Q12 6.6 18 9.6" />
        <path strokeWidth="1.9" d="M6.8 12.3Q12 10.6 16.8 13.1" />
        <path strokeWidth="1.6" d="M7.5 15.6Q12 14.3 15.8 16.4" />
      </g>
    </>
  ),
  twitch: (
    <>
      <path fill="#9146FF" d="M4.3 1 2 5.6V20.4h5V23h2.8l2.6-2.6h4.1L22 15V1z" />
      <path fill={WHITE} d="M20 14.1 16.6 17.5h-4.4l-2.6 2.6v-2.6H5.5V3H20z" />
      <rect x="10.8" y="6.6" width="2" height="5.6" fill="#9146FF" />
      <rect x="15.3" y="6.6" width="2" height="5.6" fill="#9146FF" />
    </>
  ),
  twitter: (
    <>
      <rect width="24" height="24" rx="5" fill="#000" />
      <path fill={WHITE} d="M5.8 5.5h3.9l8.5 13h-3.9z" />
      <path stroke={WHITE} strokeWidth="1.6" d="M6.3 18.5 17.7 5.5" />
    </>
  ),
  dropbox: (
    <g fill="#0061FF">
      <path d="M2 6.5 7 3.3l5 3.2-5 3.2zM12 6.5l5-3.2 5 3.2-5 3.2zM2 13l5-3.2 5 3.2-5 3.2zM12 13l5-3.2 5 3.2-5 3.2z" />
      <path d="M7 17.4l5-3.2 5 3.2-5 3.2z" />
    </g>
  ),
  kick: (
    <>
      <rect width="24" height="24" rx="4" fill="#53FC18" />
      <path fill="#000" d="M6 5h4v5.2L14 5h4.2L13 12l5.2 7H14l-4-5.2V19H6z" />
    </>
  ),
  linkedin: (
    <>
      <rect width="24" height="24" rx="3" fill="#0A66C2" />
      <rect x="5" y="9.5" width="3" height="9" fill={WHITE} />
      <circle cx="6.5" cy="6.5" r="1.8" fill={WHITE} />
      <path
        fill={WHITE}
        d="M10.5 9.5h2.9v1.3c.5-.9 1.6-1.5 3-1.5 2.6 0 3.1 1.7 3.1 3.9v5.3h-3v-4.7c0-1.1-.2-2-1.3-2s-1.7.8-1.7 2v4.7h-3z"
      />
    </>
  ),
  gitlab: (
    <>
      <path fill="#FC6D26" d="M12 21.5 2.5 14.6 3.6 11 5.8 3.5 7.9 9.6h8.2l2.1-6.1 2.2 7.5 1.1 3.6z" />
      <path fill="#E24329" d="M12 21.5 7.9 9.6h8.2z" />
      <path fill="#FCA326" d="M2.5 14.6 3.6 11l4.3-1.4zM21.5 14.6 20.4 11l-4.3-1.4z" />
    </>
  ),
  tiktok: (
    <>
      <rect width="24" height="24" rx="5" fill="#000" />
      <path
        fill="#25F4EE"
        transform="translate(-.6 -.6)"
        d="M13 5h2.6c.2 1.7 1.4 3 3.2 3.2v2.6c-1.2 0-2.3-.4-3.2-1v5.5a4.4 4.4 0 1 1-4.4-4.4h.4v2.7h-.4a1.7 1.7 0 1 0 1.8 1.7z"
      />
      <path
        fill="#FE2C55"
        transform="translate(.6 .6)"
        d="M13 5h2.6c.2 1.7 1.4 3 3.2 3.2v2.6c-1.2 0-2.3-.4-3.2-1v5.5a4.4 4.4 0 1 1-4.4-4.4h.4v2.7h-.4a1.7 1.7 0 1 0 1.8 1.7z"
      />
      <path
        fill={WHITE}
        d="M13 5h2.6c.2 1.7 1.4 3 3.2 3.2v2.6c-1.2 0-2.3-.4-3.2-1v5.5a4.4 4.4 0 1 1-4.4-4.4h.4v2.7h-.4a1.7 1.7 0 1 0 1.8 1.7z"
      />
    </>
  ),
  reddit: (
    <>
      <circle cx="12" cy="12" r="12" fill="#FF4500" />
      <path stroke={WHITE} strokeWidth="1" fill="none" d="M12 9.6 13.2 5.4l2.8.4" />
      <circle cx="16.2" cy="5.8" r="1.4" fill={WHITE} />
      <circle cx="6.2" cy="11.6" r="1.6" fill={WHITE} />
      <circle cx="17.8" cy="11.6" r="1.6" fill={WHITE} />
      <ellipse cx="12" cy="14.2" rx="6.5" ry="4.5" fill={WHITE} />
      <circle cx="9.5" cy="13.5" r="1.1" fill="#FF4500" />
      <circle cx="14.5" cy="13.5" r="1.1" fill="#FF4500" />
      <path stroke="#FF4500" strokeWidth=".9" strokeLinecap="round" fill="none" d="M9.5 16.2q2.5 1.5 5 0" />
    </>
  ),
  roblox: (
    <g transform="rotate(15 12 12)">
      <rect x="3.5" y="3.5" width="17" height="17" fill="#000" />
      <rect x="10" y="10" width="4" height="4" fill={WHITE} />
    </g>
  ),
  vk: (
    <>
      <rect width="24" height="24" rx="5" fill="#0077FF" />
      <path
        fill={WHITE}
        d="M5 8h2.2c.1 3.3 1.5 4.7 2.7 5V8h2.1v2.9c1.1-.1 2.3-1.4 2.7-2.9h2.1c-.3 1.7-1.6 3-2.5 3.5.9.4 2.3 1.5 2.9 3.5h-2.3c-.5-1.5-1.7-2.7-2.9-2.8V16h-.3C7.4 16 5.1 13.2 5 8z"
      />
    </>
  ),
};

/** A key, for the generic OpenID Connect provider and any provider without a mark of its own. */
export const KEY_MARK = (
  <>
    <circle cx="7.5" cy="12" r="3.3" fill="none" stroke="currentColor" strokeWidth="2.4" />
    <path fill="currentColor" d="M10.6 11H22v2h-1.4v3h-2v-3h-1.6v2.2h-2V13h-4.4z" />
  </>
);

/** The password account ('credential'): a field of hidden characters. */
export const PASSWORD_MARK = (
  <>
    <rect x="1.5" y="6.5" width="21" height="11" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="7" cy="12" r="1.6" fill="currentColor" />
    <circle cx="12" cy="12" r="1.6" fill="currentColor" />
    <circle cx="17" cy="12" r="1.6" fill="currentColor" />
  </>
);
