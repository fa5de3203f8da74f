import {
  bands,
  barSlots,
  estimateTextWidth,
  formatChartValue,
  formatTick,
  layoutCategoryChart,
  linearScale,
  niceStep,
  segments,
  truncateText,
  valueAxis,
  wrapText,
} from './categoryChart';

describe('niceStep and valueAxis', () => {
  it('rounds a step up to 1, 2, 2.5 or 5 × 10^k', () => {
    expect(niceStep(0.3)).toBe(0.5);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.7)).toBe(2);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(37)).toBe(50);
    expect(niceStep(7000)).toBe(10000);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });

  it('starts at zero, ends on a tick at or above the largest value and skips gaps', () => {
    expect(valueAxis([412, null, 5870.4])).toEqual({
      min: 0,
      max: 6000,
      step: 2000,
      ticks: [0, 2000, 4000, 6000],
    });
    expect(valueAxis([1, 1.33, 9])).toEqual({
      min: 0,
      max: 10,
      step: 2,
      ticks: [0, 2, 4, 6, 8, 10],
    });
    expect(valueAxis([0.1, 0.25]).ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25]);
  });

  it('draws an empty or all-zero chart over 0..1 and reaches below zero when a value does', () => {
    expect(valueAxis([]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(valueAxis([null, 0]).max).toBe(1);
    const axis = valueAxis([-3, 7]);
    expect(axis.min).toBe(-4);
    expect(axis.max).toBe(8);
    expect(axis.ticks).toContain(0);
  });
});

describe('scales, bands and bar slots', () => {
  it('maps a domain onto a (reversed) range', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });

  it('splits the width into equal bands with padding inside', () => {
    const [a, b] = bands(2, 0, 200);
    expect(a).toEqual({ start: 0, width: 100, center: 50, innerStart: 10, innerWidth: 80 });
    expect(b!.center).toBe(150);
    expect(bands(0, 0, 100)).toEqual([]);
  });

  it('groups bars side by side, centred in the band, at most 48 px wide each', () => {
    const band = bands(1, 0, 100)[0]!;
    const two = barSlots(band, 2);
    expect(two).toHaveLength(2);
    // 80 px of inner width over 2 slots, a small gap between
    expect(two[0]!.x).toBeCloseTo(11.6);
    expect(two[0]!.width).toBeCloseTo(36.8);
    expect(two[1]!.x).toBeGreaterThan(two[0]!.x + two[0]!.width);
    const wide = bands(1, 0, 1000)[0]!;
    const [one] = barSlots(wide, 1);
    expect(one!.width).toBe(48);
    expect(one!.x + one!.width / 2).toBe(wide.center);
    expect(barSlots(band, 0)).toEqual([]);
  });
});

describe('segments', () => {
  it('breaks a line at nulls', () => {
    const runs = segments(
      [1, 2, null, 4, null, null, 7],
      (i) => i * 10,
      (v) => v,
    );
    expect(runs.map((r) => r.map((v) => v.category))).toEqual([[0, 1], [3], [6]]);
    expect(runs[0]![1]).toEqual({ x: 10, y: 2, category: 1, value: 2 });
    expect(
      segments(
        [null, null],
        (i) => i,
        (v) => v,
      ),
    ).toEqual([]);
  });
});

describe('text', () => {
  it('formats ticks with the decimals of the step and values by their size', () => {
    expect(formatTick(6000, 2000)).toBe('6,000');
    expect(formatTick(0.15, 0.05)).toBe('0.15');
    expect(formatTick(7.5, 2.5)).toBe('7.5');
    expect(formatChartValue(5870.4)).toBe('5,870');
    expect(formatChartValue(98.76)).toBe('98.8');
    expect(formatChartValue(1.3333)).toBe('1.33');
    expect(estimateTextWidth('abcd', 10)).toBe(24);
  });

  it('wraps words to a width and cuts a long label', () => {
    expect(wrapText('ISA-L/Java 14.2×', 100)).toEqual(['ISA-L/Java 14.2×']);
    expect(wrapText('ISA-L/Java 14.2×', 70)).toEqual(['ISA-L/Java', '14.2×']);
    expect(wrapText('averylongword x', 20)).toEqual(['averylongword', 'x']);
    expect(wrapText('  ', 20)).toEqual([]);
    expect(truncateText('short', 100)).toBe('short');
    expect(truncateText('RS-6-3 isa-l 64 threads 4096 KiB', 66)).toBe('RS-6-3 is…');
  });
});

describe('layoutCategoryChart', () => {
  const data = {
    categories: ['1', '2', '4'],
    series: [
      { name: 'ISA-L', style: 'bar' as const, values: [5000, null, 6000] },
      { name: 'Java', style: 'bar' as const, values: [400, 420, 430] },
      { name: 'seed', style: 'line' as const, values: [4800, 5200, null] },
      { name: 'arithmetic', style: 'points' as const, values: [null, 3000, 3100] },
    ],
    annotations: ['ISA-L/Java 12.5×', '', 'ISA-L/Java 14.0×'],
  };
  const size = { width: 640, height: 280 };

  it('draws a bar per value, none for a gap, grouped per category on a shared zero line', () => {
    const l = layoutCategoryChart(data, size);
    expect(l.bars.map((b) => `${b.series}:${b.category}`)).toEqual([
      '0:0',
      '1:0',
      '1:1',
      '0:2',
      '1:2',
    ]);
    const zero = l.plot.bottom;
    for (const b of l.bars) expect(b.y + b.height).toBeCloseTo(zero);
    const [isal, java] = l.bars;
    expect(java!.x).toBeGreaterThan(isal!.x);
    // the taller value is the taller bar
    expect(isal!.height).toBeGreaterThan(java!.height * 10);
    // the axis tops out on the tick above 6,000
    expect(l.yTicks.at(-1)).toMatchObject({ value: 6000, label: '6,000', y: l.plot.top });
  });

  it('puts lines and points at the band centres and leaves gaps for nulls', () => {
    const l = layoutCategoryChart(data, size);
    expect(l.lines).toHaveLength(1);
    expect(l.lines[0]!.segments.map((s) => s.map((v) => v.category))).toEqual([[0, 1]]);
    expect(l.points.map((p) => p.category)).toEqual([1, 2]);
    expect(l.points[0]!.x).toBe(l.categories[1]!.x);
  });

  it('writes each annotation above its category, in the strip over the plot', () => {
    const l = layoutCategoryChart(data, size);
    expect(l.annotations.map((a) => [a.category, a.text, a.lines])).toEqual([
      [0, 'ISA-L/Java 12.5×', ['ISA-L/Java 12.5×']],
      [2, 'ISA-L/Java 14.0×', ['ISA-L/Java 14.0×']],
    ]);
    for (const a of l.annotations) {
      expect(a.x).toBe(l.categories[a.category]!.x);
      expect(a.y).toBeLessThan(l.plot.top);
    }
  });

  it('staggers annotations and rotates labels when they do not fit their band', () => {
    const many = {
      categories: Array.from({ length: 12 }, (_, i) => `RS-6-3 cell ${i} KiB`),
      series: [{ name: 'MiB/s', style: 'bar' as const, values: Array(12).fill(10) }],
      annotations: Array.from({ length: 12 }, () => 'ISA-L/Java 14.2×'),
    };
    const l = layoutCategoryChart(many, size);
    expect(l.rotateLabels).toBe(true);
    expect(new Set(l.annotations.map((a) => a.y)).size).toBe(2);
    // the plot keeps room for the rotated labels below it (the box grows), the first one inside
    expect(l.height - l.plot.bottom).toBeGreaterThan(100);
    expect(l.plot.bottom - l.plot.top).toBeGreaterThanOrEqual(150);
    expect(l.height).toBeGreaterThan(size.height);
    const first = l.categories[0]!;
    expect(
      first.x - estimateTextWidth(first.label) * Math.cos((35 * Math.PI) / 180),
    ).toBeGreaterThan(0);
    // too wide even for two rows: each note wraps onto two lines
    expect(l.annotations[0]!.lines).toEqual(['ISA-L/Java', '14.2×']);
    for (const a of l.annotations) expect(a.y + 12).toBeLessThan(l.plot.top);
    const roomy = layoutCategoryChart(data, size);
    expect(roomy.rotateLabels).toBe(false);
    expect(new Set(roomy.annotations.map((a) => a.y)).size).toBe(1);
  });

  it('cuts rotated labels that would be taller than the room below the plot', () => {
    const long = layoutCategoryChart(
      {
        categories: ['a'.repeat(80), 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
        series: [{ name: 's', style: 'bar', values: [1, 2, 3, 4, 5, 6, 7, 8] }],
      },
      size,
    );
    expect(long.rotateLabels).toBe(true);
    expect(long.categories[0]!.label).toMatch(/^a+…$/);
    expect(long.categories[0]!.full).toBe('a'.repeat(80));
    expect(long.categories[1]).toMatchObject({ label: 'b', full: 'b' });
  });

  it('leaves the strip out without annotations and keeps the y labels inside the box', () => {
    const plain = layoutCategoryChart({ ...data, annotations: undefined }, size);
    const noted = layoutCategoryChart(data, size);
    expect(plain.annotations).toEqual([]);
    expect(plain.plot.top).toBeLessThan(noted.plot.top);
    expect(plain.plot.left).toBeGreaterThan(estimateTextWidth('6,000'));
    expect(plain.plot.right).toBe(size.width - 12);
  });
});
