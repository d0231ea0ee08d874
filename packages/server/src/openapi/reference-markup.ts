/**
 * @module HTML built from text that is escaped by default: the reference page (reference-page.ts)
 * prints names, descriptions and examples from the API description, which plugins write. Our own
 * and synchronous, where hono's `html` helper may answer a promise, so the page stays one string.
 */

/** Text that is HTML already; anything else interpolated into `markup` is escaped. */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export type MarkupPart = Markup | string | number | boolean | null | undefined | readonly MarkupPart[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function partHtml(part: MarkupPart): string {
  if (part instanceof Markup) return part.html;
  if (Array.isArray(part)) return (part as readonly MarkupPart[]).map(partHtml).join('');
  // `false`, null and undefined print nothing, so `condition && markup`…`` reads naturally.
  if (part === null || part === undefined || part === false || part === true) return '';
  return escapeHtml(String(part));
}

export function markup(strings: TemplateStringsArray, ...parts: readonly MarkupPart[]): Markup {
  let html = strings[0]!;
  for (const [index, part] of parts.entries()) html += partHtml(part) + strings[index + 1]!;
  return new Markup(html);
}

/** A description's text with its `code` spans, the only Markdown the description uses. */
export function describedText(text: string): Markup {
  return new Markup(
    text
      .split(/(`[^`]+`)/)
      .map((piece) =>
        piece.length > 2 && piece.startsWith('`') && piece.endsWith('`')
          ? `<code>${escapeHtml(piece.slice(1, -1))}</code>`
          : escapeHtml(piece),
      )
      .join(''),
  );
}
