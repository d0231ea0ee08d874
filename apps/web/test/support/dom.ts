/**
 * @module A browser-like global scope for component tests: a happy-dom Window whose globals
 * (document, window, localStorage, HTMLElement…) are installed on Node's global object, while
 * Node's own fetch, Request, Response and URL stay. Vitest's happy-dom environment would replace
 * fetch with happy-dom's, which enforces the same-origin policy and drops the Cookie header, and
 * these tests talk to a real Latchkey server on another port through a cookie jar.
 * Import it before anything that touches the DOM.
 */
import { Window } from 'happy-dom';

// Leaving for a sign-in provider only changes the address: the test reads where the app went,
// and the page it left stays on screen instead of being replaced by the provider's.
export const dom = new Window({
  url: 'http://localhost:3000',
  width: 1280,
  height: 800,
  settings: { navigation: { disableMainFrameNavigation: true } },
});

const keep = new Set([
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'crypto',
  'performance',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'structuredClone',
  'console',
  'process',
]);
const scope = globalThis as unknown as Record<string, unknown>;
const source = dom as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(dom)) {
  if (keep.has(key) || key in globalThis) continue;
  try {
    scope[key] = source[key];
  } catch {
    // Read-only globals of Node (navigator in Node 21+) are set below.
  }
}
for (const key of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'KeyboardEvent',
  'MouseEvent',
  'CustomEvent',
  'EventTarget',
  'MutationObserver',
  'ResizeObserver',
  'DocumentFragment',
  'Text',
]) {
  Object.defineProperty(globalThis, key, {
    value: key === 'window' ? dom : source[key],
    configurable: true,
    writable: true,
  });
}
scope.IS_REACT_ACT_ENVIRONMENT = true;
