/**
 * @module The files of the API reference page (GET /reference): its style sheet and icon, each
 * named with a hash of its content, so they are cached for a year and a change is a new name. The
 * page itself is rendered per auth from its API description (api-reference.ts).
 */
import { createHash } from 'node:crypto';
import { REFERENCE_ICON, REFERENCE_STYLE } from './reference-style';

export interface ReferenceAsset {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
}

export interface ReferenceAssets {
  /** By file name, hash included. */
  readonly files: ReadonlyMap<string, ReferenceAsset>;
  /** The names the page links. */
  readonly page: { readonly style: string; readonly icon: string };
}

function hashed(name: string, body: Uint8Array): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
}

function add(files: Map<string, ReferenceAsset>, name: string, text: string, type: string): string {
  const body = new TextEncoder().encode(text);
  const file = hashed(name, body);
  files.set(file, { body, type });
  return file;
}

export function loadReferenceAssets(): ReferenceAssets {
  const files = new Map<string, ReferenceAsset>();
  const page = {
    style: add(files, 'reference.css', REFERENCE_STYLE, 'text/css; charset=utf-8'),
    // Named, so the browser does not ask for /favicon.ico, which this server may not have.
    icon: add(files, 'icon.svg', REFERENCE_ICON, 'image/svg+xml'),
  };
  return { files, page };
}
