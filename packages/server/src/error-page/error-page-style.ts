/**
 * @module The error page's stylesheet, inline because the page may load nothing (its CSP is
 * `default-src 'none'`): the web app's look in plain CSS. Its colours are the app's MUI theme's
 * (primary #3949ab, the error alert's red on pink, radius 8) and follow the system's dark mode.
 */
import { raw } from 'hono/html';

export const ERROR_PAGE_STYLE = raw(`
:root {
  color-scheme: light dark;
  --bg: #f5f5f5; --paper: #fff; --text: rgba(0, 0, 0, 0.87); --muted: rgba(0, 0, 0, 0.6);
  --primary: #3949ab; --on-primary: #fff;
  --alert-bg: #fdeded; --alert-text: #5f2120; --alert-icon: #d32f2f; --code-bg: #eeeeee;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121212; --paper: #1e1e1e; --text: #fff; --muted: rgba(255, 255, 255, 0.7);
    --primary: #7986cb; --on-primary: rgba(0, 0, 0, 0.87);
    --alert-bg: #160b0b; --alert-text: #f4c7c7; --alert-icon: #f44336; --code-bg: #2c2c2c;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0; padding: 64px 16px; min-height: 100vh; background: var(--bg); color: var(--text);
  font-family: Roboto, "Segoe UI", system-ui, -apple-system, Helvetica, Arial, sans-serif;
  font-size: 1rem; line-height: 1.5;
}
main {
  max-width: 444px; margin: 0 auto; padding: 32px; background: var(--paper); border-radius: 16px;
  box-shadow: 0 2px 1px -1px rgba(0, 0, 0, 0.2), 0 1px 1px 0 rgba(0, 0, 0, 0.14), 0 1px 3px 0 rgba(0, 0, 0, 0.12);
}
@media (max-width: 599px) { body { padding: 24px 16px; } main { padding: 16px; } }
h1 { margin: 0 0 0.35em; font-size: 1.5rem; font-weight: 400; line-height: 1.334; }
.alert {
  margin: 0 0 16px; padding: 14px 16px 14px 48px; border-radius: 8px; position: relative;
  background: var(--alert-bg); color: var(--alert-text); font-size: 0.875rem; line-height: 1.43;
}
.alert::before {
  content: "!"; position: absolute; left: 16px; top: 13px; width: 20px; height: 20px; border-radius: 50%;
  background: var(--alert-icon); color: var(--paper); font-weight: 700; font-size: 0.8rem; line-height: 20px;
  text-align: center;
}
p { margin: 0 0 0.35em; font-size: 0.875rem; line-height: 1.43; }
code { background: var(--code-bg); padding: 0 4px; border-radius: 4px; overflow-wrap: anywhere; }
.button {
  display: block; margin-top: 16px; padding: 6px 16px; border-radius: 8px; background: var(--primary);
  color: var(--on-primary); font-size: 0.875rem; font-weight: 500; line-height: 1.75; letter-spacing: 0.02857em;
  text-transform: uppercase; text-align: center; text-decoration: none;
}
.button:hover { filter: brightness(0.9); }
.button:focus-visible { outline: 3px solid var(--text); outline-offset: 2px; }
`);
