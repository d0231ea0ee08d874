/**
 * @module An uploaded picture becomes a small square data: URL, made in the browser, stored in the
 * user's `image` field like a linked picture.
 *
 * Decision (issue #17 item 17): no server storage and no raised limit. The server keeps
 * `maxImageLength` (2048 characters, packages/server/src/auth/options.ts) for every image, data: URLs
 * included, because the user record rides in the signed session cookie cache, which holds at most
 * 4093 bytes (`cookieCacheSizeLimit`): a longer picture would push every session of that user out
 * of the cache and onto the database on each get-session. An avatar is shown at 36–64 px, so the
 * picture is centre-cropped and encoded at the largest size and quality that fit the limit,
 * trying 128, 96, 64 and 48 px, WebP first (smallest) then JPEG (browsers that cannot encode WebP
 * answer PNG, which is too large, and are skipped) — in practice a photo lands at 48–64 px.
 */

/** Mirrors the server's DEFAULTS.maxImageLength; the server refuses longer values anyway. */
export const MAX_IMAGE_LENGTH = 2048;

const SIZES = [128, 96, 64, 48, 32] as const;
const ENCODINGS = [
  { type: 'image/webp', quality: 0.8 },
  { type: 'image/webp', quality: 0.6 },
  { type: 'image/jpeg', quality: 0.7 },
  { type: 'image/webp', quality: 0.4 },
  { type: 'image/jpeg', quality: 0.5 },
] as const;

export class PictureUnreadableError extends Error {}

/** A data: URL of at most `maxLength` characters, or PictureUnreadableError. */
export async function pictureDataUrl(file: Blob, maxLength = MAX_IMAGE_LENGTH): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PictureUnreadableError('not an image');
  }
  try {
    for (const size of SIZES) {
      const canvas = squareCanvas(bitmap, size);
      for (const { type, quality } of ENCODINGS) {
        const url = canvas.toDataURL(type, quality);
        if (url.startsWith(`data:${type}`) && url.length <= maxLength) return url;
      }
    }
  } finally {
    bitmap.close();
  }
  throw new PictureUnreadableError('no encoding fits');
}

/** The centre square of the picture, scaled to size × size. */
function squareCanvas(bitmap: ImageBitmap, size: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new PictureUnreadableError('no 2d canvas');
  const side = Math.min(bitmap.width, bitmap.height);
  // JPEG has no transparency: a transparent picture would turn black without a background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
  return canvas;
}
