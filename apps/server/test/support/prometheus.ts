/**
 * @module Reading a scrape as Prometheus would: the exposition text parsed by a parser of its own
 * (parse-prometheus-text-format), so a malformed line fails the test.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }[];
}

export function parseMetrics(text: string): MetricFamily[] {
  return parsePrometheusTextFormat(text) as MetricFamily[];
}

/** The value of the sample of `name` with exactly these labels; undefined when there is none. */
export function sampleValue(
  families: readonly MetricFamily[],
  name: string,
  labels: Record<string, string>,
): number | undefined {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) => {
    const own = m.labels ?? {};
    return (
      Object.keys(own).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => own[key] === value)
    );
  });
  return sample?.value === undefined ? undefined : Number(sample.value);
}
