import type { Registry } from 'prom-client';

interface SampleLine {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** One route and method: a histogram per status code, made on that code's first response. */
export interface RouteSeries {
  observe(seconds: number, statusCode: number): void;
}

interface Cell {
  /** Per bucket, not cumulative: an observation touches one slot; the scrape adds them up. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The HTTP latency histogram, shaped for the request path: each route gets its series once, when
 * it is registered, and an observation is a bucket search and three additions, with nothing
 * allocated (prom-client's own histogram hashes a labels object on every call). The scrape
 * renders the usual `_bucket`/`_sum`/`_count` lines through the registry.
 */
export function createRouteHistogram(registry: Registry, options: { name: string; help: string; buckets: number[] }) {
  const bounds = [...options.buckets].sort((a, b) => a - b);
  const series: { method: string; route: string; cells: Map<number, Cell> }[] = [];
  const byKey = new Map<string, RouteSeries>();

  const metric = {
    name: options.name,
    help: options.help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: SampleLine[] = [];
      for (const { method, route, cells } of series) {
        for (const [statusCode, cell] of cells) {
          const labels = { method, route, status_code: statusCode };
          let cumulative = 0;
          bounds.forEach((bound, index) => {
            cumulative += cell.counts[index];
            values.push({ metricName: `${options.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
          });
          values.push({ metricName: `${options.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: cell.count });
          values.push({ metricName: `${options.name}_sum`, labels, value: cell.sum });
          values.push({ metricName: `${options.name}_count`, labels, value: cell.count });
        }
      }
      return Promise.resolve({ name: options.name, help: options.help, type: 'histogram', aggregator: 'sum', values });
    },
    reset() {
      for (const entry of series) entry.cells.clear();
    },
  };
  registry.registerMetric(metric as never);

  return {
    /**
     * The series for one route pattern and method; call once per route, never per request. Asked
     * again for the same pair it gives the same series: two of them would print the same labels
     * twice (the liveness probe is answered both before the router and by its route).
     */
    seriesFor(method: string, route: string): RouteSeries {
      const key = `${method} ${route}`;
      const known = byKey.get(key);
      if (known) return known;
      const cells = new Map<number, Cell>();
      series.push({ method, route, cells });
      const routeSeries: RouteSeries = {
        observe(seconds, statusCode) {
          let cell = cells.get(statusCode);
          if (!cell) {
            cell = { counts: new Float64Array(bounds.length), sum: 0, count: 0 };
            cells.set(statusCode, cell);
          }
          let index = 0;
          while (index < bounds.length && seconds > bounds[index]) index += 1;
          if (index < bounds.length) cell.counts[index] += 1;
          cell.sum += seconds;
          cell.count += 1;
        },
      };
      byKey.set(key, routeSeries);
      return routeSeries;
    },
  };
}
