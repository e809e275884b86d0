import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

const HEIGHT = 220;
/** Whole steps only: counts and minor units never have fractions. */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/**
 * Bars per bucket for one or more series, drawn by uPlot on a canvas. uPlot touches the DOM when
 * it loads, so it is imported in the browser only; the server renders the frame and the caption,
 * and the figures are also in the table beside the chart for screen readers and for copying.
 */
export function TimeSeriesChart({ title, buckets, series, formatValue }: { title: string; buckets: string[]; series: ChartSeries[]; formatValue?: (value: number) => string }) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = buckets.map((bucket) => Date.parse(bucket) / 1000);
      const bars = UPlot.paths.bars?.({ size: [0.7, 48], gap: 1 });
      // Half a bucket of room at each end, so the first and last bars are drawn whole.
      const halfBucket = xs.length > 1 ? (xs[1] - xs[0]) / 2 : 1800;
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: (_self, min, max) => [min - halfBucket, max + halfBucket] }, y: { range: (_self, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [{}, { incrs: WHOLE_STEPS, values: (_self, ticks) => ticks.map((tick) => (formatValue ? formatValue(tick) : String(tick))), size: 60 }],
        series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, fill: `${line.color}99`, paths: bars, points: { show: false }, value: (_self: uPlot, value: number | null) => (value === null ? '–' : formatValue ? formatValue(value) : String(value)) }))],
      };
      chart = new UPlot(options, [xs, ...series.map((line) => line.values)], element);
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [buckets, series, formatValue]);

  return (
    <figure className="admin-chart mb-0">
      <figcaption className="fw-semibold mb-2">{title}</figcaption>
      <div ref={frame} className="admin-chart-canvas" role="img" aria-label={title} data-testid="chart" />
    </figure>
  );
}
