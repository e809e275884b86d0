import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { bucketAt, timeTickIndexes, valueTicks } from './chart-scale';
import { useConsoleLanguage } from './use-console-language';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

const HEIGHT = 240;
// The top margin holds the value axis's unit, above its highest tick.
const MARGIN = { top: 26, right: 14, bottom: 32 };
/** Room a time label needs, so neighbouring labels never touch. */
const TIME_LABEL_GAP = 64;
/** Drawn on the server and before the frame is measured; the browser redraws at the real width. */
const DEFAULT_WIDTH = 560;

/** The frame's width in pixels, followed as the window changes, so text stays at its real size. */
function useFrameWidth() {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { frame, width };
}

/**
 * Bars per time bucket for one or more series, drawn as SVG by React (no HTML strings, drawn on
 * the server too): a time axis of dates, a value axis with its unit, the legend below the plot
 * and a tooltip that follows the pointer or, from the keyboard, the arrow keys (issue 32: the
 * old canvas chart laid its legend over the bars and had no time axis).
 */
export function BarChart(props: {
  title: string;
  unit: string;
  buckets: string[];
  series: ChartSeries[];
  formatBucket: (bucket: string) => string;
  formatValue?: (value: number) => string;
}) {
  const { title, unit, buckets, series, formatBucket } = props;
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const format = props.formatValue ?? ((value: number) => value.toLocaleString(language));
  const { frame, width } = useFrameWidth();
  const [active, setActive] = useState<number | null>(null);
  const id = useId();

  const ticks = valueTicks(Math.max(0, ...series.flatMap((line) => line.values)));
  const top = ticks.at(-1)!;
  const left = Math.max(...ticks.map((tick) => format(tick).length)) * 7 + 14;
  const plotWidth = width - left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, buckets.length);
  const barWidth = Math.max(1, (slot * 0.75) / Math.max(1, series.length));
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const timeTicks = timeTickIndexes(buckets.length, plotWidth, TIME_LABEL_GAP);

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(bucketAt(event.clientX - box.left, box.width, buckets.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buckets.length - 1;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in moves) && event.key !== 'Escape') return;
    event.preventDefault();
    if (event.key === 'Escape') return setActive(null);
    setActive((current) => Math.min(last, Math.max(0, (current ?? last) + moves[event.key])));
  };

  return (
    <figure className="admin-chart mb-0">
      <figcaption className="fw-semibold mb-2" id={`${id}-title`}>
        {title}
      </figcaption>
      <div
        ref={frame}
        className="admin-chart-frame position-relative"
        tabIndex={0}
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
        data-testid="chart"
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? buckets.length - 1)}
        onBlur={() => setActive(null)}
      >
        <ChartPlot
          geometry={{ width, left, plotWidth, plotHeight, slot, barWidth, y }}
          ticks={ticks}
          timeTicks={timeTicks}
          buckets={buckets}
          series={series}
          active={active}
          unit={unit}
          format={format}
          formatBucket={formatBucket}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        />
        {active !== null && (
          <ChartTooltip
            bucket={formatBucket(buckets[active])}
            rows={series.map((line) => ({ label: line.label, color: line.color, value: format(line.values[active] ?? 0) }))}
            side={left + slot * (active + 0.5) > width / 2 ? 'left' : 'right'}
            x={left + slot * (active + 0.5)}
          />
        )}
      </div>
      <p className="visually-hidden" id={`${id}-hint`}>
        {t('dashboard.chart_keys')}
      </p>
      <ul className="admin-chart-legend list-unstyled d-flex flex-wrap gap-3 mt-2 mb-0 small" data-testid="chart-legend">
        {series.map((line) => (
          <li key={line.label} className="d-flex align-items-center gap-1">
            <span className="admin-chart-swatch" style={{ background: line.color }} aria-hidden="true" />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

interface Geometry {
  width: number;
  left: number;
  plotWidth: number;
  plotHeight: number;
  slot: number;
  barWidth: number;
  y: (value: number) => number;
}

/** The plot: value axis with its unit and grid, time axis, the bars, the highlighted bucket, the pointer's surface. */
function ChartPlot(props: {
  geometry: Geometry;
  ticks: number[];
  timeTicks: number[];
  buckets: string[];
  series: ChartSeries[];
  active: number | null;
  unit: string;
  format: (value: number) => string;
  formatBucket: (bucket: string) => string;
  onPointerMove: (event: PointerEvent<SVGRectElement>) => void;
  onPointerLeave: () => void;
}) {
  const { ticks, timeTicks, buckets, series, active, unit, format, formatBucket, onPointerMove, onPointerLeave } = props;
  const { width, left, plotWidth, plotHeight, slot, barWidth, y } = props.geometry;
  return (
    <svg width={width} height={HEIGHT} role="presentation" data-testid="chart-plot">
      <g data-testid="chart-value-axis" className="admin-chart-axis">
        <text x={4} y={12} fontSize={11} className="admin-chart-unit">
          {unit}
        </text>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.6 : 0.12} />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11}>
              {format(tick)}
            </text>
          </g>
        ))}
      </g>
      <g data-testid="chart-time-axis" className="admin-chart-axis">
        {timeTicks.map((index) => (
          <text key={index} x={left + slot * (index + 0.5)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize={11}>
            {formatBucket(buckets[index])}
          </text>
        ))}
      </g>
      {active !== null && <rect x={left + slot * active} y={MARGIN.top} width={slot} height={plotHeight} fill="currentColor" fillOpacity={0.06} />}
      {buckets.map((bucket, index) =>
        series.map((line, order) => {
          const value = line.values[index] ?? 0;
          const x = left + slot * index + (slot - barWidth * series.length) / 2 + barWidth * order;
          return <rect key={`${bucket}-${line.label}`} x={x} y={y(value)} width={barWidth} height={y(0) - y(value)} fill={line.color} />;
        }),
      )}
      <rect
        x={left}
        y={MARGIN.top}
        width={Math.max(0, plotWidth)}
        height={plotHeight}
        fill="transparent"
        onPointerMove={onPointerMove}
        onPointerLeave={onPointerLeave}
      />
    </svg>
  );
}

/** The figures of one bucket, beside the bucket (on the side with more room), read out as it changes. */
function ChartTooltip({
  bucket,
  rows,
  side,
  x,
}: {
  bucket: string;
  rows: { label: string; color: string; value: string }[];
  side: 'left' | 'right';
  x: number;
}) {
  const position = side === 'right' ? { left: x + 12 } : { right: `calc(100% - ${x - 12}px)` };
  return (
    <div className="admin-chart-tooltip card shadow-sm small p-2" style={{ top: 8, ...position }} role="status" data-testid="chart-tooltip">
      <div className="fw-semibold">{bucket}</div>
      {rows.map((row) => (
        <div key={row.label} className="d-flex align-items-center gap-1 text-nowrap">
          <span className="admin-chart-swatch" style={{ background: row.color }} aria-hidden="true" />
          {row.label}: <span className="fw-semibold">{row.value}</span>
        </div>
      ))}
    </div>
  );
}
