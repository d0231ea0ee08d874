/**
 * @module Reading a scrape strictly, by the text exposition format's grammar: every line a `# HELP`,
 * a `# TYPE` or a sample of a declared family, each label quoted and escaped, each value a number.
 * Anything else throws, so a malformed line fails the test that scrapes it.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Scrape {
  /** Family name → its declared type (`counter`, `gauge`, `histogram`, …). */
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The samples a histogram or summary family writes beside its own name. */
const SUFFIXES = ['_bucket', '_sum', '_count'];

export function parseMetrics(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        if (!TYPES.has(comment[3]!)) throw new Error(`unknown type: ${line}`);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`malformed line: ${line}`);
    const [, name, labelText = '', valueText] = sample as unknown as [string, string, string | undefined, string];
    const family = familyOf(name, types);
    if (family === undefined) throw new Error(`sample of an undeclared family: ${line}`);
    const value = numberOf(valueText);
    if (value === undefined) throw new Error(`not a number: ${line}`);
    samples.push({ name, labels: parseLabels(labelText, line), value });
  }
  return { types, samples };
}

/** As Prometheus reads values (Go's ParseFloat): `NaN` and `Inf` in any case, as prom-client writes `Nan`. */
function numberOf(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (lower === 'nan') return NaN;
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : undefined;
}

function familyOf(name: string, types: ReadonlyMap<string, string>): string | undefined {
  if (types.has(name)) return name;
  const suffix = SUFFIXES.find((s) => name.endsWith(s));
  const base = suffix && name.slice(0, -suffix.length);
  return base && (types.get(base) === 'histogram' || types.get(base) === 'summary') ? base : undefined;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`malformed labels: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** The value of the sample of `name` with exactly these labels; undefined when there is none. */
export function sampleValue(scrape: Scrape, name: string, labels: Record<string, string>): number | undefined {
  const found = scrape.samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return found?.value;
}
