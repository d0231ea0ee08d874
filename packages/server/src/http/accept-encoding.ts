/**
 * @module Content negotiation on Accept-Encoding (RFC 9110 §12.5.3): which of the encodings a
 * file is stored in the client takes (the API reference's files here, the web app's build in the
 * standalone server). A coding with `q=0` is refused, `*` stands for any coding
 * not named, and among equally weighted codings the server's order decides (brotli first: it is
 * the smaller of the two).
 */

/** The weight the client gives each coding it names (lower-cased), `*` included. */
function weights(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    result.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return result;
}

/**
 * The coding of `available` (in the server's order of preference) the client weighs highest, or
 * undefined for the file as it is. No header means the client did not ask for any coding.
 */
export function chooseEncoding<T extends string>(header: string | null, available: readonly T[]): T | undefined {
  if (!header || available.length === 0) return undefined;
  const weighed = weights(header);
  let best: T | undefined;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weighed.get(coding) ?? weighed.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
