import { flameFixture } from '../test/fixtures';
import {
  FLAME_CHAR_WIDTH,
  FLAME_HIGHLIGHT_COLOR,
  FLAME_ROOT_ID,
  type FlameNode,
  fitFrameLabel,
  flameDepth,
  flameSize,
  formatShare,
  frameColor,
  framePath,
  frameTooltip,
  layoutFlame,
  parseFlame,
  shortFrameName,
} from './flameGraph';

const CHECKSUM = /checksum|crc32/i;
const root = parseFlame(flameFixture)!;
const byName = (layout: ReturnType<typeof layoutFlame>, name: string) =>
  layout.frames.find((f) => f.name === name)!;

/** all → Thread.run → CompactionRunner.run → {readBlockData → verifyChunkedSums → CRC32C, append}. */
const READ = 'org/apache/hadoop/hbase/io/hfile/HFileBlock$FSReaderImpl.readBlockDataInternal';
const VERIFY = 'org/apache/hadoop/util/DataChecksum.verifyChunkedSums';

describe('parseFlame', () => {
  it('reads the tree as the API sends it', () => {
    expect(root.n).toBe('all');
    expect(root.v).toBe(1000);
    expect(flameSize(root)).toBe(9);
    expect(flameDepth(root)).toBe(6);
  });

  it('leaves out what is not a frame, with its callees', () => {
    const parsed = parseFlame({
      n: 'all',
      v: 10,
      c: [
        { n: 'ok', v: 4, c: [{ n: 'deep', v: 2 }, { v: 1 }] },
        { n: 'negative', v: -1, c: [{ n: 'lost', v: 1 }] },
        { n: 'nan', v: Number.NaN },
        'text',
        null,
      ],
    });
    expect(parsed).toEqual({ n: 'all', v: 10, c: [{ n: 'ok', v: 4, c: [{ n: 'deep', v: 2 }] }] });
  });

  it('is null for a root that is not a frame', () => {
    expect(parseFlame(undefined)).toBeNull();
    expect(parseFlame([])).toBeNull();
    expect(parseFlame({ n: 'all' })).toBeNull();
    expect(parseFlame({ v: 1 })).toBeNull();
  });
});

describe('layoutFlame', () => {
  it('makes each frame as wide as its share of its caller, the root at the bottom', () => {
    const layout = layoutFlame(root, { width: 1000, rowHeight: 10 });
    expect(layout.height).toBe(60);
    expect(layout.total).toBe(1000);
    expect(layout.frames).toHaveLength(9);
    const all = byName(layout, 'all');
    expect(all).toMatchObject({ id: FLAME_ROOT_ID, x: 0, width: 1000, y: 50, depth: 0 });
    expect(all.parentShare).toBe(1);

    const thread = byName(layout, 'java/lang/Thread.run');
    expect(thread).toMatchObject({ id: '0.0', x: 0, width: 900, y: 40, share: 0.9 });
    // siblings follow one another; what the callees leave is the caller's own time
    expect(byName(layout, '[vdso]')).toMatchObject({ id: '0.1', x: 900, width: 60 });
    expect(byName(layout, 'finish_task_switch_[k]')).toMatchObject({ x: 960, width: 40 });

    const read = byName(layout, READ);
    const append = byName(layout, 'org/apache/hadoop/hbase/regionserver/StoreFileWriter.append');
    expect(read).toMatchObject({ x: 0, width: 400, depth: 3, y: 20 });
    expect(read.parentShare).toBeCloseTo(400 / 880);
    expect(append).toMatchObject({ x: 400, width: 300 });
    const crc = byName(layout, 'updateBytesCRC32C');
    expect(crc).toMatchObject({ width: 200, depth: 5, y: 0, share: 0.2 });
    expect(crc.parentShare).toBeCloseTo(200 / 220);
    // parents come before their callees
    const ids = layout.frames.map((f) => f.id);
    for (const f of layout.frames) {
      const parent = f.id.split('.').slice(0, -1).join('.');
      if (parent) expect(ids.indexOf(parent)).toBeLessThan(ids.indexOf(f.id));
    }
  });

  it('zooms: the frame fills the width, its callers span it dimmed, the rest is gone', () => {
    const read = layoutFlame(root, { width: 1000 }).frames.find((f) => f.name === READ)!;
    const layout = layoutFlame(root, { width: 1000, zoom: read.id, rowHeight: 10 });
    expect(layout.focus).toMatchObject({ id: read.id, name: READ, x: 0, width: 1000, share: 0.4 });
    // the height stays that of the whole tree
    expect(layout.height).toBe(60);
    expect(layout.frames.map((f) => f.name)).toEqual([
      'all',
      'java/lang/Thread.run',
      'org/apache/hadoop/hbase/regionserver/CompactSplit$CompactionRunner.run',
      READ,
      VERIFY,
      'updateBytesCRC32C',
    ]);
    expect(layout.frames.filter((f) => f.ancestor).map((f) => f.depth)).toEqual([0, 1, 2]);
    for (const f of layout.frames.filter((f) => f.ancestor)) {
      expect(f).toMatchObject({ x: 0, width: 1000 });
    }
    expect(byName(layout, VERIFY)).toMatchObject({ x: 0, width: 550, ancestor: false });
    expect(byName(layout, 'updateBytesCRC32C')).toMatchObject({ x: 0, width: 500 });
    // shares stay those of the whole profile
    expect(byName(layout, VERIFY).share).toBe(0.22);
  });

  it('falls back to the root for a zoom the tree does not have', () => {
    for (const zoom of ['0.7', '1', '0.x', '', '0.0.0.0.0.0.0']) {
      const layout = layoutFlame(root, { width: 100, zoom });
      expect(layout.focus.id).toBe(FLAME_ROOT_ID);
      expect(layout.frames).toHaveLength(9);
    }
    expect(framePath(root, '0.0.0.1')!.map((n) => n.v)).toEqual([1000, 900, 880, 300]);
    expect(framePath(root, '0.3')).toBeNull();
  });

  it('highlights the frames whose name matches', () => {
    const layout = layoutFlame(root, { width: 1000, highlight: CHECKSUM });
    expect(layout.frames.filter((f) => f.highlighted).map((f) => f.name)).toEqual([
      VERIFY,
      'updateBytesCRC32C',
    ]);
    expect(layoutFlame(root, { width: 1000 }).frames.some((f) => f.highlighted)).toBe(false);
    // a global pattern does not skip every other frame
    const global = layoutFlame(root, { width: 1000, highlight: /checksum|crc32/gi });
    expect(global.frames.filter((f) => f.highlighted)).toHaveLength(2);
  });

  it('leaves out frames narrower than half a pixel, and their callees', () => {
    const tree: FlameNode = {
      n: 'all',
      v: 10_000,
      c: [
        { n: 'wide', v: 9_999 },
        { n: 'sliver', v: 1, c: [{ n: 'under it', v: 1 }] },
      ],
    };
    const layout = layoutFlame(tree, { width: 1000 });
    expect(layout.frames.map((f) => f.name)).toEqual(['all', 'wide']);
  });

  it('shares the caller among callees that claim more than it has', () => {
    const tree: FlameNode = {
      n: 'all',
      v: 10,
      c: [
        { n: 'a', v: 10 },
        { n: 'b', v: 10 },
      ],
    };
    const layout = layoutFlame(tree, { width: 100 });
    expect(byName(layout, 'a')).toMatchObject({ x: 0, width: 50 });
    expect(byName(layout, 'b')).toMatchObject({ x: 50, width: 50 });
  });

  it('draws a tree without samples as an empty root', () => {
    const layout = layoutFlame({ n: 'all', v: 0, c: [{ n: 'a', v: 0 }] }, { width: 100 });
    expect(layout.frames.map((f) => f.name)).toEqual(['all']);
    expect(layout.focus.share).toBe(0);
  });

  it('lays out 500 frames quickly', () => {
    // a root with 20 stacks of 25 frames each
    const stack = (i: number, depth: number): FlameNode => ({
      n: `frame ${i}.${depth}`,
      v: 50,
      ...(depth < 24 ? { c: [stack(i, depth + 1)] } : {}),
    });
    const big: FlameNode = {
      n: 'all',
      v: 1000,
      c: Array.from({ length: 20 }, (_, i) => stack(i, 0)),
    };
    expect(flameSize(big)).toBe(501);
    const start = performance.now();
    for (let i = 0; i < 20; i++) layoutFlame(big, { width: 1200, highlight: CHECKSUM });
    expect(layoutFlame(big, { width: 1200 }).frames).toHaveLength(501);
    expect((performance.now() - start) / 20).toBeLessThan(25);
  });
});

describe('frame labels', () => {
  it('fits the full name, then the name without its package, then cuts it', () => {
    const w = (chars: number) => chars * FLAME_CHAR_WIDTH + 6.5;
    expect(fitFrameLabel(VERIFY, w(VERIFY.length))).toBe(VERIFY);
    expect(fitFrameLabel(VERIFY, w(40))).toBe('DataChecksum.verifyChunkedSums');
    expect(fitFrameLabel(VERIFY, w(12))).toBe('DataChecksu…');
    expect(fitFrameLabel(VERIFY, w(12))).toHaveLength(12);
    expect(fitFrameLabel('[vdso]', w(6))).toBe('[vdso]');
    expect(fitFrameLabel('[vdso]', w(2))).toBe('');
    expect(shortFrameName('updateBytesCRC32C')).toBe('updateBytesCRC32C');
    expect(shortFrameName('weird/')).toBe('weird/');
  });

  it('labels the frames of a layout that have room', () => {
    const layout = layoutFlame(root, { width: 300 });
    expect(byName(layout, 'all').label).toBe('all');
    expect(byName(layout, 'finish_task_switch_[k]').label).toBe('');
  });

  it('says the whole name, the samples and the shares in the tooltip', () => {
    const layout = layoutFlame(root, { width: 1000 });
    expect(frameTooltip(byName(layout, VERIFY), String)).toBe(
      `${VERIFY}\n220 samples · 22.0% of all · 55.0% of its caller`,
    );
    expect(frameTooltip(byName(layout, 'all'), String)).toBe('all\n1000 samples · 100.0% of all');
    expect(formatShare(0.0004)).toBe('<0.1%');
    expect(formatShare(0)).toBe('0.0%');
  });
});

describe('frameColor', () => {
  it('keeps a colour per name, warm for frames and blue for highlighted ones', () => {
    expect(frameColor('a', false)).toBe(frameColor('a', false));
    expect(frameColor('a', true)).toBe(FLAME_HIGHLIGHT_COLOR);
    const hue = (c: string) => Number(/^hsl\((\d+),/.exec(c)![1]);
    for (const name of ['all', READ, VERIFY, '[vdso]', 'x', 'y']) {
      expect(hue(frameColor(name, false))).toBeGreaterThanOrEqual(5);
      expect(hue(frameColor(name, false))).toBeLessThan(55);
    }
    expect(hue(FLAME_HIGHLIGHT_COLOR)).toBe(205);
  });
});
