// Geometry of CategoryChart: categories along x, grouped bars, lines and points over a linear y
// axis from zero, and a strip of per-category annotations above the plot. Pure functions, so the
// layout is tested without a browser.

export type SeriesStyle = 'bar' | 'line' | 'points';

export interface ChartSeries {
  name: string;
  style: SeriesStyle;
  /** One per category; null (or a non-finite number) is a gap. */
  values: readonly (number | null)[];
}

export interface CategoryChartData {
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** One per category, '' where none (e.g. "ISA-L/Java 14.2×"). */
  annotations?: readonly string[];
}

export interface ChartSize {
  width: number;
  height: number;
}

/** Colour of the i-th series (the legend uses the same). */
export const SERIES_COLORS = [
  '#1f5fbf',
  '#a15c07',
  '#15803d',
  '#7c3aed',
  '#b42318',
  '#0e7490',
  '#6b7280',
  '#be185d',
] as const;

export const seriesColor = (index: number): string =>
  SERIES_COLORS[index % SERIES_COLORS.length] ?? SERIES_COLORS[0];

export const AXIS_FONT = 11;
export const ANNOTATION_FONT = 10;
export const ANNOTATION_LINE = 12;
const LABEL_ANGLE_DEG = 35;
/** Height of rotated labels at most; longer ones are cut. */
const MAX_ROTATED_LABEL = 110;
/** Wide enough to read as a bar, narrow enough that one series over few categories is no slab. */
const MAX_BAR_WIDTH = 48;
const BAND_PADDING = 0.2;
const Y_TITLE_SPACE = 18;
/** The box grows rather than squeeze the plot under tall labels and notes. */
const MIN_PLOT_HEIGHT = 150;

export const isValue = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

const round = (v: number) => Number(v.toPrecision(12));

/** Text is measured without a DOM: an average glyph is ~0.6 em wide in the console's fonts. */
export function estimateTextWidth(text: string, fontSize = AXIS_FONT): number {
  return Math.ceil(text.length * fontSize * 0.6);
}

/** Words on lines of at most `width` px (a word longer than that keeps a line of its own). */
export function wrapText(text: string, width: number, fontSize = ANNOTATION_FONT): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last != null && estimateTextWidth(`${last} ${word}`, fontSize) <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/** The text cut to `width` px with an ellipsis. */
export function truncateText(text: string, width: number, fontSize = AXIS_FONT): string {
  if (estimateTextWidth(text, fontSize) <= width) return text;
  const chars = Math.max(1, Math.floor(width / (fontSize * 0.6)) - 1);
  return `${text.slice(0, chars)}…`;
}

/** A step of 1, 2, 2.5 or 5 × 10^k at or above `rough`. */
export function niceStep(rough: number): number {
  if (!Number.isFinite(rough) || rough <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const f = round(rough / power);
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return round(nice * power);
}

export interface ValueAxis {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

/** A y axis that includes zero (bars start there) and ends on a tick above the largest value. */
export function valueAxis(values: readonly (number | null)[], tickCount = 5): ValueAxis {
  let lo = 0;
  let hi = 0;
  for (const v of values) {
    if (!isValue(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (hi === lo) hi = lo + 1;
  const step = niceStep((hi - lo) / tickCount);
  const min = round(Math.floor(round(lo / step)) * step);
  const max = round(Math.ceil(round(hi / step)) * step);
  const ticks: number[] = [];
  for (let i = 0; round(min + i * step) <= max; i++) ticks.push(round(min + i * step));
  return { min, max, step, ticks };
}

/** Maps [d0, d1] onto [r0, r1]. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

export interface Band {
  /** Left edge of the category's slot. */
  start: number;
  width: number;
  center: number;
  /** The part of the slot bars may use (padding on both sides). */
  innerStart: number;
  innerWidth: number;
}

/** `count` equal slots between x0 and x1. */
export function bands(count: number, x0: number, x1: number, padding = BAND_PADDING): Band[] {
  if (count <= 0) return [];
  const width = (x1 - x0) / count;
  return Array.from({ length: count }, (_, i) => {
    const start = x0 + i * width;
    return {
      start,
      width,
      center: start + width / 2,
      innerStart: start + (width * padding) / 2,
      innerWidth: width * (1 - padding),
    };
  });
}

/** x and width of each of `n` bars side by side, centred in the band. */
export function barSlots(band: Band, n: number): { x: number; width: number }[] {
  if (n <= 0) return [];
  const slot = Math.min(band.innerWidth / n, MAX_BAR_WIDTH);
  const start = band.center - (slot * n) / 2;
  const gap = n > 1 ? slot * 0.08 : 0;
  return Array.from({ length: n }, (_, i) => ({
    x: start + i * slot + gap / 2,
    width: slot - gap,
  }));
}

export interface Vertex {
  x: number;
  y: number;
  category: number;
  value: number;
}

/** The runs of consecutive values: a null breaks the line. */
export function segments(
  values: readonly (number | null)[],
  xAt: (i: number) => number,
  yAt: (v: number) => number,
): Vertex[][] {
  const out: Vertex[][] = [];
  let current: Vertex[] = [];
  values.forEach((v, i) => {
    if (!isValue(v)) {
      if (current.length > 0) out.push(current);
      current = [];
      return;
    }
    current.push({ x: xAt(i), y: yAt(v), category: i, value: v });
  });
  if (current.length > 0) out.push(current);
  return out;
}

/** Tick labels with as many decimals as the step needs, thousands separated. */
export function formatTick(value: number, step: number): string {
  const decimals = (String(round(step)).split('.')[1] ?? '').length;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: Math.min(decimals, 6) }).format(
    value,
  );
}

/** A value in a tooltip or the values table: 12,346 · 98.8 · 1.33. */
export function formatChartValue(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}

export interface ChartBar extends Vertex {
  series: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  axis: ValueAxis;
  yTicks: { value: number; y: number; label: string }[];
  /** Category labels at their band's centre; rotated (and cut if very long) when one does not fit. */
  categories: { label: string; full: string; x: number }[];
  rotateLabels: boolean;
  labelAngle: number;
  bars: ChartBar[];
  lines: { series: number; segments: Vertex[][] }[];
  points: (Vertex & { series: number })[];
  /** `y` is the baseline of the first of `lines`; each next line is ANNOTATION_LINE lower. */
  annotations: { category: number; text: string; lines: string[]; x: number; y: number }[];
  xTitle: { x: number; y: number };
  yTitle: { x: number; y: number };
}

/** Where everything of the chart goes in a `size` box. */
export function layoutCategoryChart(data: CategoryChartData, size: ChartSize): ChartLayout {
  const { categories, series } = data;
  const axis = valueAxis(series.flatMap((s) => s.values));
  const tickLabels = axis.ticks.map((v) => formatTick(v, axis.step));
  const tickWidth = Math.max(0, ...tickLabels.map((t) => estimateTextWidth(t)));

  const right = Math.max(80, size.width - 12);
  let left = Y_TITLE_SPACE + tickWidth + 8;
  const bandOf = (l: number) => (Math.max(l + 40, right) - l) / Math.max(1, categories.length);

  const rad = (LABEL_ANGLE_DEG * Math.PI) / 180;
  const rotateLabels = categories.some((c) => estimateTextWidth(c) > bandOf(left) - 4);
  const maxLabel = MAX_ROTATED_LABEL / Math.sin(rad);
  const shown = categories.map((c) => (rotateLabels ? truncateText(c, maxLabel) : c));
  const labelWidth = Math.max(0, ...shown.map((c) => estimateTextWidth(c)));
  if (rotateLabels) {
    // the first label slants left from its band's centre: keep it inside the box
    const reach = estimateTextWidth(shown[0] ?? '') * Math.cos(rad);
    left = Math.max(left, Math.ceil(reach - bandOf(left) / 2 + 4));
  }
  const plotRight = Math.max(left + 40, right);
  const bandWidth = bandOf(left);
  const labelHeight = rotateLabels
    ? Math.ceil(labelWidth * Math.sin(rad) + AXIS_FONT)
    : AXIS_FONT + 4;

  const notes = categories.map((_, i) => (data.annotations?.[i] ?? '').trim());
  const hasNotes = notes.some((a) => a !== '');
  // Notes wider than their band alternate between two rows, and wrap if still too wide.
  const stagger = hasNotes && notes.some((a) => estimateTextWidth(a, ANNOTATION_FONT) > bandWidth);
  const room = stagger ? bandWidth * 2 - 6 : bandWidth;
  const wrapped = notes.map((a) => wrapText(a, room));
  const linesPerNote = Math.max(1, ...wrapped.map((l) => l.length));
  const rowHeight = linesPerNote * ANNOTATION_LINE;
  const noteRows = hasNotes ? (stagger ? 2 : 1) : 0;

  // a gap under the notes: a point at the top of the plot stays clear of them
  const top = 10 + noteRows * rowHeight + (hasNotes ? 6 : 0);
  const below = 8 + labelHeight + 8 + AXIS_FONT + 4;
  const height = Math.max(size.height, top + MIN_PLOT_HEIGHT + below);
  const bottom = height - below;
  const y = linearScale([axis.min, axis.max], [bottom, top]);
  const slots = bands(categories.length, left, plotRight);
  const centerAt = (i: number) => slots[i]?.center ?? left;

  const barSeries = series.flatMap((s, i) => (s.style === 'bar' ? [i] : []));
  const zero = y(0);
  const bars: ChartBar[] = [];
  slots.forEach((band, c) => {
    const places = barSlots(band, barSeries.length);
    barSeries.forEach((s, k) => {
      const value = series[s]?.values[c];
      const place = places[k];
      if (!isValue(value) || !place) return;
      const yv = y(value);
      bars.push({
        series: s,
        category: c,
        value,
        x: place.x,
        width: place.width,
        y: Math.min(yv, zero),
        height: Math.abs(zero - yv),
      });
    });
  });

  const lines: ChartLayout['lines'] = [];
  const points: ChartLayout['points'] = [];
  series.forEach((s, i) => {
    if (s.style === 'line') lines.push({ series: i, segments: segments(s.values, centerAt, y) });
    if (s.style === 'points') {
      for (const run of segments(s.values, centerAt, y)) {
        points.push(...run.map((v) => ({ ...v, series: i })));
      }
    }
  });

  const annotations: ChartLayout['annotations'] = [];
  notes.forEach((text, c) => {
    if (text === '') return;
    // row 0 on top, row 1 just over the plot; a note's lines end at the bottom of its row
    const row = stagger ? c % 2 : 0;
    const lines = wrapped[c] ?? [text];
    const rowBottom = 10 + (row + 1) * rowHeight;
    annotations.push({
      category: c,
      text,
      lines,
      x: centerAt(c),
      y: rowBottom - 3 - (lines.length - 1) * ANNOTATION_LINE,
    });
  });

  return {
    width: size.width,
    height,
    plot: { left, top, right: plotRight, bottom },
    axis,
    yTicks: axis.ticks.map((value, i) => ({ value, y: y(value), label: tickLabels[i] ?? '' })),
    categories: categories.map((full, i) => ({ label: shown[i] ?? full, full, x: centerAt(i) })),
    rotateLabels,
    labelAngle: -LABEL_ANGLE_DEG,
    bars,
    lines,
    points,
    annotations,
    xTitle: { x: (left + plotRight) / 2, y: height - 4 },
    yTitle: { x: 12, y: (top + bottom) / 2 },
  };
}
