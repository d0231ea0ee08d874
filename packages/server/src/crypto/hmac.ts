/**
 * @module HMAC-SHA256 signatures for cookies. The value format `value.base64(signature)` is
 * better-auth's (and Hono's) signed-cookie format. node:crypto keeps this synchronous and cheap on
 * the get-session hot path.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './digest';

export function sign(value: string, secret: string, encoding: 'base64' | 'base64url' = 'base64'): string {
  return createHmac('sha256', secret).update(value).digest(encoding);
}

export function signValue(value: string, secret: string): string {
  return `${value}.${sign(value, secret)}`;
}

/** The value if its signature is the secret's, else null. */
export function unsignValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  return safeEqual(signed.slice(dot + 1), sign(value, secret)) ? value : null;
}
