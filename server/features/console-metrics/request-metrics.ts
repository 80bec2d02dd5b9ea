// docs/metrics.md#http-requests: requests by method, route pattern and status, with their times.

/** Seconds; long polls (the command channel waits up to 25 s) land in the last bucket but one. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A route label for requests no route matched: the web app's pages (served as index.html) and 404s. */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const COUNTED = 'console_http_requests_total';
const TIMED = 'console_http_request_duration_seconds';

/** A label value as the text format writes it. */
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** The times of one method, route and status class: requests per bucket (the last past every bound). */
type Timed = { labels: string; buckets: Float64Array; sum: number; count: number };

/** One method, route pattern and status: its counter's labels, and the times it adds to its class's. */
type Series = { labels: string; timed: Timed; buckets: Float64Array; sum: number; count: number };

/**
 * Requests by method, route pattern (never the URL) and status code, counted, and their times by status
 * class. Recording one is three map lookups and a few additions: no label object, string or hash is made
 * once a method, route and status has been seen (prom-client's own observe() makes all three on every
 * call, and this is on every request's path). The two families' text is written here, each series' labels
 * escaped once.
 */
export function createRequestMetrics() {
  const all: Series[] = [];
  const timed = new Map<string, Timed>();
  const known = new Map<string, Map<string, Map<number, Series>>>();

  function seriesOf(method: string, route: string, status: number): Series {
    let byRoute = known.get(method);
    if (!byRoute) {
      byRoute = new Map();
      known.set(method, byRoute);
    }
    let byStatus = byRoute.get(route);
    if (!byStatus) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      const base = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
      const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
      const classLabels = `${base},status_class="${statusClass}"`;
      let times = timed.get(classLabels);
      if (!times) {
        times = {
          labels: classLabels,
          buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
          sum: 0,
          count: 0,
        };
        timed.set(classLabels, times);
      }
      series = {
        labels: `${base},status_code="${status}"`,
        timed: times,
        buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
      all.push(series);
    }
    return series;
  }

  return {
    /** One answered request: its route's pattern (undefined when none matched), status and milliseconds. */
    record(method: string, route: string | undefined, status: number, elapsedMs: number) {
      const series = seriesOf(method, route ?? UNMATCHED_ROUTE, status);
      const seconds = elapsedMs / 1000;
      let bucket = 0;
      while (bucket < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[bucket] as number)) bucket += 1;
      series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
      series.sum += seconds;
      series.count += 1;
    },

    /** Both families in Prometheus's text format. */
    text(): string {
      const lines = [
        `# HELP ${COUNTED} HTTP requests answered, by method, route pattern and status code.`,
        `# TYPE ${COUNTED} counter`,
      ];
      for (const times of timed.values()) {
        times.buckets.fill(0);
        times.sum = 0;
        times.count = 0;
      }
      for (const series of all) {
        lines.push(`${COUNTED}{${series.labels}} ${series.count}`);
        const times = series.timed;
        for (let i = 0; i < series.buckets.length; i += 1)
          times.buckets[i] = (times.buckets[i] as number) + (series.buckets[i] as number);
        times.sum += series.sum;
        times.count += series.count;
      }
      lines.push(
        '',
        `# HELP ${TIMED} Time from a request arriving to its answer sent, by method, route pattern and status class.`,
        `# TYPE ${TIMED} histogram`,
      );
      for (const times of timed.values()) {
        let below = 0;
        REQUEST_BUCKETS.forEach((le, i) => {
          below += times.buckets[i] as number;
          lines.push(`${TIMED}_bucket{${times.labels},le="${le}"} ${below}`);
        });
        lines.push(
          `${TIMED}_bucket{${times.labels},le="+Inf"} ${times.count}`,
          `${TIMED}_sum{${times.labels}} ${times.sum}`,
          `${TIMED}_count{${times.labels}} ${times.count}`,
        );
      }
      lines.push('');
      return lines.join('\n');
    },
  };
}
