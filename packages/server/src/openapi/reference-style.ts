/**
 * @module The reference page's style sheet and icon, served as files (GET /reference/:file): the
 * page's CSP runs no inline style. Light and dark follow the system; every text colour keeps at
 * least 4.5:1 against its background in both (WCAG AA, which the e2e test checks with axe).
 */

export const REFERENCE_STYLE = `:root {
  color-scheme: light dark;
  --bg: #ffffff;
  --fg: #1b1f24;
  --muted: #57606a;
  --link: #0b5cad;
  --line: #d0d7de;
  --code-bg: #f3f4f6;
  --panel: #f6f8fa;
  --required: #a11d2b;
  --get-fg: #0a6b35;
  --get-bg: #e7f5ec;
  --post-fg: #8a4600;
  --post-bg: #fdf0e1;
  --other-fg: #a11d2b;
  --other-bg: #fdecee;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1115;
    --fg: #e6e8eb;
    --muted: #a5adb8;
    --link: #8cbcff;
    --line: #30363d;
    --code-bg: #1c2029;
    --panel: #161a21;
    --required: #ff9aa5;
    --get-fg: #7ee2a8;
    --get-bg: #123222;
    --post-fg: #ffc27a;
    --post-bg: #3a2813;
    --other-fg: #ff9aa5;
    --other-bg: #3d1a1f;
  }
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body {
  margin: 0;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: var(--bg);
  color: var(--fg);
}
a { color: var(--link); }
a:focus-visible, main:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
code { background: var(--code-bg); border-radius: 4px; padding: 0 0.25em; overflow-wrap: anywhere; }
.skip-link { position: absolute; left: 1rem; top: -3rem; padding: 0.5rem 1rem; background: var(--bg); z-index: 1; }
.skip-link:focus { top: 1rem; }
.page-header { padding: 1.5rem 1.5rem 1rem; border-bottom: 1px solid var(--line); }
.page-header h1 { margin: 0 0 0.5rem; font-size: 1.75rem; }
.facts { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; color: var(--muted); margin: 0.25rem 0; }
.layout { display: block; }
.contents { padding: 1rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--panel); }
.contents-title { font-weight: 700; margin: 0 0 0.5rem; }
.contents ul { list-style: none; margin: 0; padding: 0; }
.contents ul ul { margin: 0.25rem 0 0.75rem; }
.contents li a { display: inline-block; padding: 0.1rem 0; text-decoration: none; }
.contents li a:hover .path, .contents > ul > li > a:hover { text-decoration: underline; }
.contents > ul > li > a { font-weight: 700; }
.contents .path { color: var(--fg); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85em; overflow-wrap: anywhere; }
main { padding: 0 1.5rem 3rem; min-width: 0; }
main h2 { font-size: 1.5rem; margin: 2rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); }
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
.operation h3 { margin: 0; font-size: 1.15rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.operation h3 code.path { background: none; padding: 0; font-size: 1em; }
.operation h4 { margin: 1rem 0 0.25rem; font-size: 1rem; }
.summary { margin: 0.25rem 0; font-weight: 600; }
.method {
  display: inline-block;
  min-width: 3.5em;
  padding: 0 0.4em;
  border-radius: 4px;
  font: 700 0.75rem/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  text-align: center;
  color: var(--other-fg);
  background: var(--other-bg);
}
.method-get { color: var(--get-fg); background: var(--get-bg); }
.method-post { color: var(--post-fg); background: var(--post-bg); }
.field-required { color: var(--required); font-size: 0.85em; font-weight: 600; }
.field-type { color: var(--muted); }
.field-type a { color: var(--link); }
.field-limits { color: var(--muted); font-size: 0.9em; }
.field-limits::before { content: "· "; }
.field-description { margin: 0.1rem 0; }
.fields, .variants, .error-codes { margin: 0.25rem 0; padding-left: 1.25rem; }
.fields .fields, .variants .fields { border-left: 2px solid var(--line); padding-left: 1rem; list-style: none; }
.fields { list-style: none; padding-left: 0; }
.fields > li { padding: 0.15rem 0; }
.fields > li > .field-name { font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 0.35rem 0.5rem; overflow-wrap: anywhere; }
th { font-weight: 600; }
.responses { margin: 0.25rem 0; }
.responses dt { margin-top: 0.5rem; }
.responses dd { margin: 0 0 0.5rem 1rem; }
.responses dd p { margin: 0.15rem 0; }
.status { font-weight: 700; padding-left: 0.4rem; border-left: 4px solid var(--line); }
.status-2xx, .status-3xx { border-left-color: var(--get-fg); }
.status-4xx { border-left-color: var(--post-fg); }
.status-5xx { border-left-color: var(--other-fg); }
.media-types { margin: 0.15rem 0; }
@media (min-width: 960px) {
  .layout { display: grid; grid-template-columns: minmax(16rem, 22rem) minmax(0, 1fr); align-items: start; }
  .contents { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; border-bottom: none; border-right: 1px solid var(--line); }
}
`;

/** A key, in the link colour of either scheme. */
export const REFERENCE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="11" cy="16" r="7" fill="none" stroke="#0b5cad" stroke-width="4"/><path d="M18 16h12M25 16v6M29 16v4" stroke="#0b5cad" stroke-width="4" fill="none"/></svg>
`;
