import { type KeyboardEvent, type MouseEvent, useMemo, useState } from 'react';
import { formatNumber } from '../lib/format';
import { Button } from './Button';
import {
  FLAME_FONT,
  FLAME_HIGHLIGHT_COLOR,
  FLAME_LABEL_PADDING,
  FLAME_ROOT_ID,
  type FlameNode,
  flameDepth,
  frameColor,
  frameTooltip,
  formatShare,
  layoutFlame,
  shortFrameName,
} from './flameGraph';
import { useElementWidth } from './useElementWidth';

export type { FlameNode } from './flameGraph';

const DEFAULT_WIDTH = 960;

export interface FlameHighlight {
  /** Frames whose name matches are drawn in blue. */
  pattern: RegExp;
  /** What they are, for the legend: "checksum frames". */
  label: string;
  /** Their share of all samples (0..1) as the profiler counted it; left out of the legend if unknown. */
  share?: number | null;
}

export interface FlameGraphProps {
  root: FlameNode;
  /** Accessible name of the drawing. */
  'aria-label': string;
  highlight?: FlameHighlight;
  formatCount?: (n: number) => string;
  'data-testid'?: string;
}

/** The frame an event happened on (its `<g>` carries the id). */
function frameIdOf(target: EventTarget | null): string | undefined {
  const el = target instanceof Element ? target.closest('[data-frame-id]') : null;
  return el?.getAttribute('data-frame-id') ?? undefined;
}

/**
 * A flame graph in SVG: the root at the bottom, each frame as wide as its share of its caller's
 * samples, the name cut to fit and whole in the tooltip. Clicking a frame zooms into it (its
 * subtree fills the width); clicking one below it, Escape or "Reset zoom" zooms back out. One
 * click handler for the drawing, so a profile of hundreds of frames stays quick.
 */
export function FlameGraph({
  root,
  highlight,
  formatCount = formatNumber,
  'aria-label': label,
  'data-testid': testId,
}: FlameGraphProps) {
  const { ref, width } = useElementWidth(DEFAULT_WIDTH);
  // a frame's id is its path from the root: it outlives a refetch of the same profile (and one
  // it no longer names shows the root); key the graph by the profile to start another unzoomed
  const [zoom, setZoom] = useState(FLAME_ROOT_ID);

  const rows = useMemo(() => flameDepth(root), [root]);
  const pattern = highlight?.pattern;
  const layout = useMemo(
    () => layoutFlame(root, { width, zoom, highlight: pattern, rows }),
    [root, width, zoom, pattern, rows],
  );
  const { focus } = layout;
  // the frames change with the layout only: a poll of the page above redraws none of them
  const drawn = useMemo(
    () =>
      layout.frames.map((f) => {
        const tip = frameTooltip(f, formatCount);
        const labelled = f.label !== '';
        return (
          <g
            key={f.id}
            className={`flame-frame${f.ancestor ? ' flame-ancestor' : ''}`}
            data-frame-id={f.id}
            data-name={f.name}
            data-highlighted={f.highlighted || undefined}
            // the frames with a label are the ones a keyboard can reach (and zoom into)
            role={labelled ? 'button' : undefined}
            tabIndex={labelled ? 0 : undefined}
            aria-label={labelled ? tip.replace('\n', ': ') : undefined}
          >
            <title>{tip}</title>
            <rect
              x={f.x}
              y={f.y}
              width={Math.max(0, f.width - 0.5)}
              height={Math.max(0, layout.rowHeight - 1)}
              fill={frameColor(f.name, f.highlighted)}
            />
            {labelled && (
              <text x={f.x + FLAME_LABEL_PADDING} y={f.y + layout.rowHeight / 2} dy="0.35em">
                {f.label}
              </text>
            )}
          </g>
        );
      }),
    [layout, formatCount],
  );
  const isZoomed = focus.id !== FLAME_ROOT_ID;

  const onClick = (event: MouseEvent) => {
    const id = frameIdOf(event.target);
    if (id) setZoom(id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isZoomed) {
      event.preventDefault();
      setZoom(FLAME_ROOT_ID);
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const id = frameIdOf(event.target);
    if (!id) return;
    event.preventDefault();
    setZoom(id);
  };

  return (
    <figure className="flame-graph">
      <div className="flame-graph-bar">
        <span className="muted" data-testid="flame-graph-focus">
          {isZoomed ? (
            <>
              Zoomed into <code title={focus.name}>{shortFrameName(focus.name)}</code>:{' '}
              {formatCount(focus.samples)} samples, {formatShare(focus.share)} of all
            </>
          ) : (
            <>{formatCount(layout.total)} samples · click a frame to zoom into it</>
          )}
        </span>
        <Button size="sm" onClick={() => setZoom(FLAME_ROOT_ID)} disabled={!isZoomed}>
          Reset zoom
        </Button>
      </div>
      <div ref={ref} className="flame-graph-box">
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="group"
          aria-label={label}
          className="flame-graph-svg"
          data-testid={testId}
          data-zoom={focus.id}
          fontSize={FLAME_FONT}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          {drawn}
        </svg>
      </div>
      {highlight && (
        <p className="flame-legend" data-testid="flame-graph-legend">
          <svg width="12" height="12" aria-hidden="true" className="chart-swatch">
            <rect width="12" height="12" fill={FLAME_HIGHLIGHT_COLOR} />
          </svg>
          {highlight.label}
          {typeof highlight.share === 'number' && Number.isFinite(highlight.share)
            ? `: ${formatShare(highlight.share)} of samples`
            : ''}
        </p>
      )}
    </figure>
  );
}
