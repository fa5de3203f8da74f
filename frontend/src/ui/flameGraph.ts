// Geometry of FlameGraph: a tree of stack frames (each with its samples) as rows of rectangles,
// the root at the bottom, each frame as wide as its share of its parent's samples; zooming into a
// frame makes its subtree fill the width. Pure functions, so the layout is tested without a browser.

/** One frame of a profile: its name, its samples (its own and its callees'), and its callees. */
export interface FlameNode {
  n: string;
  v: number;
  c?: FlameNode[];
}

/** The id of the root frame; a frame's id is its path of child indexes: `0.2.1`. */
export const FLAME_ROOT_ID = '0';
export const FLAME_ROW_HEIGHT = 17;
export const FLAME_FONT = 11;
/** The labels are monospace: a glyph is ~0.6 em wide. */
export const FLAME_CHAR_WIDTH = FLAME_FONT * 0.6;
export const FLAME_LABEL_PADDING = 3;
/** Narrower frames are not drawn, nor their callees (narrower still). */
export const MIN_FRAME_PX = 0.5;
/** Deeper frames are left out of a tree read from the API. */
export const MAX_FLAME_DEPTH = 256;

/** A frame as drawn. */
export interface FlameFrame {
  id: string;
  name: string;
  samples: number;
  depth: number;
  x: number;
  y: number;
  width: number;
  /** Of all samples (the root's). */
  share: number;
  /** Of the parent's samples; 1 for the root. */
  parentShare: number;
  /** Its name matches the highlight. */
  highlighted: boolean;
  /** Below the zoomed frame: drawn across the whole width, dimmed. */
  ancestor: boolean;
  /** What fits inside it: the name, the name without its package, cut with an ellipsis, or ''. */
  label: string;
}

export interface FlameLayout {
  width: number;
  height: number;
  rowHeight: number;
  /** Parents before their children. */
  frames: FlameFrame[];
  /** The frame filling the width (the root unless zoomed). */
  focus: FlameFrame;
  total: number;
}

export interface FlameOptions {
  width: number;
  /** The id of the frame to fill the width with; an unknown one is the root. */
  zoom?: string;
  /** Frames whose name matches are highlighted. */
  highlight?: RegExp;
  rowHeight?: number;
  /**
   * Rows of the drawing, so that it keeps its height as it zooms (default: the depth of the whole
   * tree, see flameDepth).
   */
  rows?: number;
  minFramePx?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A flame tree from the API's JSON: `{n, v, c?}` all the way down. A frame that is not one (no
 * name, a negative or non-finite count) is left out with its callees; null when the root is not one.
 */
export function parseFlame(value: unknown, depth = 0): FlameNode | null {
  if (!isRecord(value)) return null;
  const { n, v, c } = value;
  if (typeof n !== 'string' || typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  const node: FlameNode = { n, v };
  if (Array.isArray(c) && c.length > 0 && depth < MAX_FLAME_DEPTH) {
    const children = c
      .map((child) => parseFlame(child, depth + 1))
      .filter((child): child is FlameNode => child !== null);
    if (children.length > 0) node.c = children;
  }
  return node;
}

/** Rows of the whole tree: 1 for a root without callees. */
export function flameDepth(root: FlameNode): number {
  let max = 0;
  const stack: [FlameNode, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, d] = stack.pop()!;
    if (d > max) max = d;
    for (const child of node.c ?? []) stack.push([child, d + 1]);
  }
  return max;
}

/** Frames in the tree. */
export function flameSize(root: FlameNode): number {
  let count = 0;
  const stack: FlameNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count += 1;
    for (const child of node.c ?? []) stack.push(child);
  }
  return count;
}

/** `org/apache/hadoop/util/DataChecksum.verifyChunkedSums` → `DataChecksum.verifyChunkedSums`. */
export function shortFrameName(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash >= 0 && slash < name.length - 1 ? name.slice(slash + 1) : name;
}

/** The label that fits `width` px: the full name, else without its package, else cut; '' if < 3 glyphs. */
export function fitFrameLabel(name: string, width: number, charWidth = FLAME_CHAR_WIDTH): string {
  const room = Math.floor((width - 2 * FLAME_LABEL_PADDING) / charWidth);
  if (room < 3) return '';
  if (name.length <= room) return name;
  const short = shortFrameName(name);
  if (short.length <= room) return short;
  return `${short.slice(0, room - 1)}…`;
}

/** The frames (from the root) down to `id`, or null when the tree has no such frame. */
export function framePath(root: FlameNode, id: string): FlameNode[] | null {
  const parts = id.split('.');
  if (parts[0] !== FLAME_ROOT_ID) return null;
  const path = [root];
  let node = root;
  for (const part of parts.slice(1)) {
    if (!/^\d+$/.test(part)) return null;
    const child = node.c?.[Number(part)];
    if (!child) return null;
    path.push(child);
    node = child;
  }
  return path;
}

/** The id of the frame `depth` levels under the root on the way to `id`. */
const ancestorId = (id: string, depth: number) =>
  id
    .split('.')
    .slice(0, depth + 1)
    .join('.');

/**
 * Every frame wide enough to see: the zoomed frame (the root unless zoomed) fills the width, its
 * callees split it by their samples (what is left is the frame's own time and the callees folded
 * away); the frames below it on the way from the root span the width too, marked `ancestor`.
 */
export function layoutFlame(root: FlameNode, options: FlameOptions): FlameLayout {
  const width = Math.max(0, options.width);
  const rowHeight = options.rowHeight ?? FLAME_ROW_HEIGHT;
  const minPx = options.minFramePx ?? MIN_FRAME_PX;
  // a global or sticky pattern would remember where it stopped from one test to the next
  const highlight =
    options.highlight && (options.highlight.global || options.highlight.sticky)
      ? new RegExp(options.highlight.source, options.highlight.flags.replace(/[gy]/g, ''))
      : options.highlight;
  const total = root.v;

  let zoom = options.zoom ?? FLAME_ROOT_ID;
  let path = framePath(root, zoom);
  if (!path) {
    zoom = FLAME_ROOT_ID;
    path = [root];
  }
  const rows = Math.max(1, options.rows ?? flameDepth(root));
  const height = rows * rowHeight;
  const yOf = (depth: number) => height - (depth + 1) * rowHeight;

  const frames: FlameFrame[] = [];
  const frame = (
    node: FlameNode,
    id: string,
    depth: number,
    x: number,
    w: number,
    parentShare: number,
    ancestor: boolean,
  ): FlameFrame => {
    const f: FlameFrame = {
      id,
      name: node.n,
      samples: node.v,
      depth,
      x,
      y: yOf(depth),
      width: w,
      share: total > 0 ? node.v / total : 0,
      parentShare,
      highlighted: highlight ? highlight.test(node.n) : false,
      ancestor,
      label: fitFrameLabel(node.n, w),
    };
    frames.push(f);
    return f;
  };
  const shareOf = (node: FlameNode, parent: FlameNode | undefined) =>
    !parent ? 1 : parent.v > 0 ? node.v / parent.v : 0;

  // the way from the root to the zoomed frame, each across the width
  path.slice(0, -1).forEach((node, depth) => {
    frame(node, ancestorId(zoom, depth), depth, 0, width, shareOf(node, path[depth - 1]), true);
  });
  const focusDepth = path.length - 1;
  const focusNode = path[focusDepth]!;
  const focus = frame(
    focusNode,
    zoom,
    focusDepth,
    0,
    width,
    shareOf(focusNode, path[focusDepth - 1]),
    false,
  );

  // its subtree, depth first; a stack keeps it iterative for deep Java stacks
  const stack: { node: FlameNode; id: string; depth: number; x: number; w: number }[] = [
    { node: focusNode, id: zoom, depth: focusDepth, x: 0, w: width },
  ];
  while (stack.length > 0) {
    const { node, id, depth, x, w } = stack.pop()!;
    const children = node.c ?? [];
    if (children.length === 0) continue;
    // callees never add up to more than their caller; if the data says otherwise, they share it
    const sum = children.reduce((s, c) => s + c.v, 0);
    const scale = Math.max(node.v, sum);
    if (scale <= 0) continue;
    let cx = x;
    children.forEach((child, i) => {
      const cw = (w * child.v) / scale;
      if (cw >= minPx) {
        const childId = `${id}.${i}`;
        frame(child, childId, depth + 1, cx, cw, shareOf(child, node), false);
        stack.push({ node: child, id: childId, depth: depth + 1, x: cx, w: cw });
      }
      cx += cw;
    });
  }
  return { width, height, rowHeight, frames, focus, total };
}

/** A string's hash, for colours that stay with a frame's name from one drawing to the next. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The highlight colour (blue, apart from the warm colours of the other frames). */
export const FLAME_HIGHLIGHT_COLOR = 'hsl(205, 75%, 55%)';

/** A frame's fill: warm (red to yellow) by its name, blue when highlighted. */
export function frameColor(name: string, highlighted: boolean): string {
  if (highlighted) return FLAME_HIGHLIGHT_COLOR;
  const h = hash(name);
  const hue = 5 + (h % 50);
  const saturation = 70 + ((h >>> 8) % 20);
  const lightness = 55 + ((h >>> 16) % 12);
  return `hsl(${hue}, ${saturation}%, ${lightness}%)`;
}

/** 0.2213 → "22.1%"; "<0.1%" for a sliver. */
export function formatShare(share: number): string {
  if (!Number.isFinite(share)) return '—';
  const pct = share * 100;
  if (pct > 0 && pct < 0.1) return '<0.1%';
  return `${pct.toFixed(1)}%`;
}

/** The tooltip of a frame: its full name, its samples and its share of all and of its caller. */
export function frameTooltip(f: FlameFrame, formatCount: (n: number) => string): string {
  const parent = f.depth > 0 ? ` · ${formatShare(f.parentShare)} of its caller` : '';
  const samples = `${formatCount(f.samples)} ${f.samples === 1 ? 'sample' : 'samples'}`;
  return `${f.name}\n${samples} · ${formatShare(f.share)} of all${parent}`;
}
