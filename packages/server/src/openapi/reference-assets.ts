/**
 * @module The files of the API reference page (GET /reference): Swagger UI's standalone bundle,
 * style sheet and icon from the swagger-ui-dist package, and the page's own start script and styles,
 * read once into memory at the first request for the page. Each name carries a hash of its content,
 * so the files are cached for a year and an upgrade changes the names. The style sheet's inline
 * `data:` images become files of their own: the page's CSP allows images from this server only.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ReferenceAsset {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
}

export interface ReferenceAssets {
  /** By file name, hash included. */
  readonly files: ReadonlyMap<string, ReferenceAsset>;
  /** The names the page links: Swagger UI's script and styles, the page's start script and styles. */
  readonly page: {
    readonly script: string;
    readonly style: string;
    readonly start: string;
    readonly pageStyle: string;
    readonly icon: string;
  };
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * Reads the document's address from the page (so the script is the same file for every base path),
 * and turns off what would reach outside: the public validator badge, and the standalone preset's
 * top bar that loads any URL typed into it.
 */
const START_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('reference');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-document'),
    domNode: root,
    validatorUrl: null,
    deepLinking: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
})();
`;

const PAGE_STYLE = `body { margin: 0; background: #fff; }
`;

function hashed(name: string, body: Uint8Array): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
}

/** `data:image/svg+xml;charset=utf-8,<svg …>` (or `;base64,…`) as the bytes and type it holds. */
function decodeDataUri(uri: string): ReferenceAsset | null {
  const comma = uri.indexOf(',');
  if (comma < 0) return null;
  const [type = '', ...flags] = uri.slice('data:'.length, comma).split(';');
  const payload = uri.slice(comma + 1);
  if (!type.startsWith('image/')) return null;
  const body = flags.includes('base64') ? Buffer.from(payload, 'base64') : Buffer.from(percentDecoded(payload), 'utf8');
  return { body: new Uint8Array(body), type };
}

/** Style sheets write SVG both percent-encoded and raw (where a lone `%` is not an escape). */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A quoted URL may hold escaped quotes (`\"`), which end it only unescaped.
const DATA_URL = /url\(\s*(?:"(data:(?:[^"\\]|\\.)*)"|'(data:(?:[^'\\]|\\.)*)'|(data:[^)"'\s]*))\s*\)/g;
const SOURCE_MAP = /\n?\/[/*]# sourceMappingURL=[^\n]*$/;

/** The style sheet with each `data:` image replaced by a file beside it. */
function extractImages(css: string, files: Map<string, ReferenceAsset>): string {
  return css.replace(DATA_URL, (whole, double?: string, single?: string, bare?: string) => {
    const quoted = double ?? single;
    // CSS string escapes (`\"`, `\\`) undone; an unquoted URL has none.
    const asset = decodeDataUri(quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!);
    if (!asset) return whole;
    const extension = asset.type === 'image/svg+xml' ? '.svg' : `.${asset.type.slice('image/'.length)}`;
    const name = hashed(`image${extension}`, asset.body);
    files.set(name, asset);
    return `url("${name}")`;
  });
}

function add(files: Map<string, ReferenceAsset>, name: string, body: Uint8Array<ArrayBuffer>, type: string): string {
  const file = hashed(name, body);
  files.set(file, { body, type });
  return file;
}

export async function loadReferenceAssets(): Promise<ReferenceAssets> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const [bundle, css, icon] = await Promise.all([
    readFile(join(dist, 'swagger-ui-bundle.js')),
    readFile(join(dist, 'swagger-ui.css'), 'utf8'),
    readFile(join(dist, 'favicon-32x32.png')),
  ]);
  const files = new Map<string, ReferenceAsset>();
  // Their source maps are not served: a browser's developer tools would ask for them in vain.
  const script = bundle.toString('utf8').replace(SOURCE_MAP, '');
  const style = css.replace(SOURCE_MAP, '');
  const encoder = new TextEncoder();
  const page = {
    script: add(files, 'swagger-ui-bundle.js', encoder.encode(script), JS),
    style: add(files, 'swagger-ui.css', encoder.encode(extractImages(style, files)), CSS),
    start: add(files, 'reference.js', encoder.encode(START_SCRIPT), JS),
    pageStyle: add(files, 'reference.css', encoder.encode(PAGE_STYLE), CSS),
    // Named, so the browser does not ask for /favicon.ico, which this server may not have.
    icon: add(files, 'favicon.png', new Uint8Array(icon), 'image/png'),
  };
  return { files, page };
}
