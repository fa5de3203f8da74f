import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChartOption } from './echarts';

export type { ChartOption };

function canvasSupported(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

export interface ChartProps {
  option: ChartOption;
  /** Accessible name; the canvas itself says nothing to a screen reader. */
  'aria-label': string;
  height?: number;
  'data-testid'?: string;
  /** Text alternative (e.g. a summary or a table) rendered after the chart. */
  children?: ReactNode;
}

/**
 * The console's one chart: an ECharts canvas sized to its box. ECharts is imported on first
 * use so pages without charts do not download it.
 */
export function Chart({
  option,
  height = 260,
  'aria-label': label,
  'data-testid': testId,
  children,
}: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  // No canvas (test DOM, locked-down browser): the text alternative still carries the data.
  const [canvas] = useState(canvasSupported);
  const [loadFailed, setLoadFailed] = useState(false);
  const failed = !canvas || loadFailed;

  useEffect(() => {
    const el = ref.current;
    if (!el || !canvas) return;
    let disposed = false;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    import('./echarts')
      .then(({ init }) => {
        if (disposed) return;
        instance = init(el, undefined, { renderer: 'canvas' });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => instance?.resize());
          observer.observe(el);
        }
        setChart(instance);
      })
      .catch(() => setLoadFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [canvas]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return (
    <figure className="chart" data-testid={testId}>
      <div
        ref={ref}
        className="chart-canvas"
        role="img"
        aria-label={label}
        style={{ height, display: failed ? 'none' : undefined }}
      />
      {children}
    </figure>
  );
}
