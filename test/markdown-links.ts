/**
 * @module What a Markdown page links to and which anchors it offers, as GitHub renders it: links in
 * code (fenced blocks, inline spans) are text, and a heading's anchor is GitHub's slug of its text.
 */

/** A link written in a page, with the line it is on for the failure message. */
export interface MarkdownLink {
  line: number;
  target: string;
}

const FENCE = /^\s*(```|~~~)/;
const INLINE_CODE = /`[^`\n]*`/g;
const INLINE_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** The page's lines outside fenced code blocks, each with its 1-based number. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (FENCE.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ line: index + 1, text });
  });
  return lines;
}

/** Every inline link's target (`[text](target)`), outside code. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  return proseLines(markdown).flatMap(({ line, text }) =>
    [...text.replace(INLINE_CODE, (code) => code.replace(/[[\]()]/g, ' ')).matchAll(INLINE_LINK)].map((match) => ({
      line,
      target: match[1] ?? '',
    })),
  );
}

/**
 * GitHub's anchor for a heading's text (github-slugger): the rendered text lower-cased, punctuation
 * dropped except `-` and `_`, each space a `-`.
 */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link shows its text
    .replace(/[`*]/g, ''); // code spans and emphasis show their content
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings; a repeated slug gets `-1`, `-2`, … as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = githubSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
