import { useMemo } from 'react';
import {
  ANNOTATION_FONT,
  ANNOTATION_LINE,
  AXIS_FONT,
  type CategoryChartData,
  formatChartValue,
  isValue,
  layoutCategoryChart,
  seriesColor,
  type SeriesStyle,
} from './categoryChart';
import { useElementWidth } from './useElementWidth';

export type { CategoryChartData, ChartSeries, SeriesStyle } from './categoryChart';

const DEFAULT_WIDTH = 640;

export interface CategoryChartProps extends CategoryChartData {
  /** Accessible name of the drawing. */
  'aria-label': string;
  xLabel?: string;
  yLabel?: string;
  height?: number;
  /** Values in tooltips and the values table. */
  formatValue?: (value: number) => string;
  'data-testid'?: string;
}

function Swatch({ style, color }: { style: SeriesStyle; color: string }) {
  return (
    <svg width="16" height="10" aria-hidden="true" className="chart-swatch">
      {style === 'bar' && <rect x="3" y="0" width="10" height="10" fill={color} />}
      {style === 'line' && (
        <>
          <line x1="0" y1="5" x2="16" y2="5" stroke={color} strokeWidth="2" />
          <circle cx="8" cy="5" r="2.5" fill={color} />
        </>
      )}
      {style === 'points' && <circle cx="8" cy="5" r="3.5" fill={color} />}
    </svg>
  );
}

/**
 * Categories on x with grouped bars, lines and points over a y axis from zero, a note above each
 * category, a legend and the values as a table. SVG, so it renders (and is tested) without a canvas.
 */
export function CategoryChart({
  categories,
  series,
  annotations,
  xLabel,
  yLabel,
  height = 280,
  formatValue = formatChartValue,
  'aria-label': label,
  'data-testid': testId,
}: CategoryChartProps) {
  const { ref, width } = useElementWidth(DEFAULT_WIDTH);
  const layout = useMemo(
    () => layoutCategoryChart({ categories, series, annotations }, { width, height }),
    [categories, series, annotations, width, height],
  );
  const { plot } = layout;
  const name = (s: number) => series[s]?.name ?? '';
  const tip = (s: number, c: number, v: number) =>
    `${name(s)} · ${categories[c] ?? ''}: ${formatValue(v)}`;
  const labelY = plot.bottom + (layout.rotateLabels ? 10 : AXIS_FONT + 5);

  return (
    <figure className="category-chart" data-testid={testId}>
      <div ref={ref} className="category-chart-box">
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-label={label}
          className="category-chart-svg"
        >
          <g className="chart-grid">
            {layout.yTicks.map((t) => (
              <g key={t.value}>
                <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
                <text x={plot.left - 6} y={t.y} dy="0.32em" textAnchor="end">
                  {t.label}
                </text>
              </g>
            ))}
          </g>
          {layout.bars.map((b) => (
            <rect
              key={`b${b.series}-${b.category}`}
              className="chart-bar"
              data-series={name(b.series)}
              data-category={categories[b.category]}
              x={b.x}
              y={b.y}
              width={b.width}
              height={b.height}
              fill={seriesColor(b.series)}
            >
              <title>{tip(b.series, b.category, b.value)}</title>
            </rect>
          ))}
          {layout.lines.map((l) =>
            l.segments.map((seg, k) => (
              <g
                key={`l${l.series}-${k}`}
                className="chart-line"
                data-series={name(l.series)}
                stroke={seriesColor(l.series)}
                fill={seriesColor(l.series)}
              >
                {seg.length > 1 && (
                  <polyline
                    fill="none"
                    strokeWidth="2"
                    points={seg.map((v) => `${v.x},${v.y}`).join(' ')}
                  />
                )}
                {seg.map((v) => (
                  <circle key={v.category} cx={v.x} cy={v.y} r="2.5" stroke="none">
                    <title>{tip(l.series, v.category, v.value)}</title>
                  </circle>
                ))}
              </g>
            )),
          )}
          {layout.points.map((p) => (
            <circle
              key={`p${p.series}-${p.category}`}
              className="chart-point"
              data-series={name(p.series)}
              cx={p.x}
              cy={p.y}
              r="4"
              fill={seriesColor(p.series)}
            >
              <title>{tip(p.series, p.category, p.value)}</title>
            </circle>
          ))}
          <line
            className="chart-baseline"
            x1={plot.left}
            x2={plot.right}
            y1={plot.bottom}
            y2={plot.bottom}
          />
          {layout.annotations.map((a) => (
            <text
              key={a.category}
              className="chart-annotation"
              x={a.x}
              y={a.y}
              textAnchor="middle"
              fontSize={ANNOTATION_FONT}
            >
              {a.lines.length > 1
                ? a.lines.map((line, k) => (
                    <tspan key={k} x={a.x} dy={k === 0 ? 0 : ANNOTATION_LINE}>
                      {/* the space keeps the words apart in the text content */}
                      {k < a.lines.length - 1 ? `${line} ` : line}
                    </tspan>
                  ))
                : a.text}
            </text>
          ))}
          <g className="chart-axis-labels">
            {layout.categories.map((c, i) =>
              layout.rotateLabels ? (
                <text
                  key={i}
                  x={c.x}
                  y={labelY}
                  textAnchor="end"
                  transform={`rotate(${layout.labelAngle} ${c.x} ${labelY})`}
                >
                  {c.label}
                  {c.label !== c.full && <title>{c.full}</title>}
                </text>
              ) : (
                <text key={i} x={c.x} y={labelY} textAnchor="middle">
                  {c.label}
                </text>
              ),
            )}
            {xLabel && (
              <text
                className="chart-title"
                x={layout.xTitle.x}
                y={layout.xTitle.y}
                textAnchor="middle"
              >
                {xLabel}
              </text>
            )}
            {yLabel && (
              <text
                className="chart-title"
                x={layout.yTitle.x}
                y={layout.yTitle.y}
                textAnchor="middle"
                transform={`rotate(-90 ${layout.yTitle.x} ${layout.yTitle.y})`}
              >
                {yLabel}
              </text>
            )}
          </g>
        </svg>
      </div>
      {series.length > 0 && (
        <ul className="chart-legend" aria-label="Legend">
          {series.map((s, i) => (
            <li key={`${s.name}-${i}`}>
              <Swatch style={s.style} color={seriesColor(i)} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <details className="chart-values">
        <summary>Values</summary>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{xLabel || 'Category'}</th>
                {series.map((s, i) => (
                  <th key={`${s.name}-${i}`} scope="col" className="num">
                    {s.name}
                  </th>
                ))}
                {annotations?.some((a) => a.trim() !== '') && <th scope="col">Note</th>}
              </tr>
            </thead>
            <tbody>
              {categories.map((c, ci) => (
                <tr key={`${c}-${ci}`}>
                  <th scope="row">{c}</th>
                  {series.map((s, si) => {
                    const v = s.values[ci];
                    return (
                      <td key={si} className="num">
                        {isValue(v) ? formatValue(v) : '—'}
                      </td>
                    );
                  })}
                  {annotations?.some((a) => a.trim() !== '') && <td>{annotations[ci] ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
