import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flameFixture } from '../test/fixtures';
import { FlameGraph } from './FlameGraph';
import { FLAME_HIGHLIGHT_COLOR, parseFlame } from './flameGraph';

const root = parseFlame(flameFixture)!;
const READ = 'org/apache/hadoop/hbase/io/hfile/HFileBlock$FSReaderImpl.readBlockDataInternal';
const VERIFY = 'org/apache/hadoop/util/DataChecksum.verifyChunkedSums';

const renderGraph = (share: number | null = 0.221) =>
  render(
    <FlameGraph
      root={root}
      aria-label="CPU profile of no native #1"
      highlight={{ pattern: /checksum|crc32/i, label: 'checksum frames', share }}
      data-testid="flame-graph"
    />,
  );

const frame = (svg: Element, name: string) =>
  [...svg.querySelectorAll('g.flame-frame')].find((g) => g.getAttribute('data-name') === name);

describe('FlameGraph', () => {
  it('draws every frame in SVG with its name cut to fit and whole in the tooltip', () => {
    renderGraph();
    const svg = screen.getByTestId('flame-graph');
    expect(svg.tagName).toBe('svg');
    expect(svg).toHaveAccessibleName('CPU profile of no native #1');
    expect(svg.querySelectorAll('g.flame-frame')).toHaveLength(9);
    // 960 px wide in jsdom: the root across it at the bottom row
    const all = frame(svg, 'all')!;
    const rootRect = all.querySelector('rect')!;
    expect(rootRect).toHaveAttribute('width', '959.5');
    expect(Number(rootRect.getAttribute('y'))).toBe(Number(svg.getAttribute('height')) - 17);
    expect(all.querySelector('title')).toHaveTextContent('all 1,000 samples · 100.0% of all');

    const verify = frame(svg, VERIFY)!;
    expect(verify.querySelector('title')!.textContent).toBe(
      `${VERIFY}\n220 samples · 22.0% of all · 55.0% of its caller`,
    );
    // 211 px: the name without its package
    expect(verify.querySelector('text')).toHaveTextContent(/^DataChecksum\.verifyChunkedSums$/);
    // 38 px: the name cut, whole in the tooltip
    const kernel = frame(svg, 'finish_task_switch_[k]')!;
    expect(kernel.querySelector('text')).toHaveTextContent(/^fin…$/);
    expect(kernel.querySelector('title')).toHaveTextContent('finish_task_switch_[k] 40 samples');
    expect(screen.getByTestId('flame-graph-focus')).toHaveTextContent('1,000 samples');
  });

  it('colours the checksum frames apart and says their share in the legend', () => {
    renderGraph();
    const svg = screen.getByTestId('flame-graph');
    const highlighted = [...svg.querySelectorAll('g[data-highlighted]')].map((g) =>
      g.getAttribute('data-name'),
    );
    expect(highlighted).toEqual([VERIFY, 'updateBytesCRC32C']);
    expect(frame(svg, VERIFY)!.querySelector('rect')).toHaveAttribute(
      'fill',
      FLAME_HIGHLIGHT_COLOR,
    );
    expect(frame(svg, READ)!.querySelector('rect')).not.toHaveAttribute(
      'fill',
      FLAME_HIGHLIGHT_COLOR,
    );
    expect(screen.getByTestId('flame-graph-legend')).toHaveTextContent(
      'checksum frames: 22.1% of samples',
    );
  });

  it('leaves the share out of the legend when the profile has none', () => {
    renderGraph(null);
    expect(screen.getByTestId('flame-graph-legend')).toHaveTextContent(/^checksum frames$/);
  });

  it('zooms into a clicked frame and back out with Reset zoom', async () => {
    renderGraph();
    const svg = screen.getByTestId('flame-graph');
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();

    await userEvent.click(frame(svg, READ)!.querySelector('rect')!);
    expect(svg).toHaveAttribute('data-zoom', '0.0.0.0');
    expect(frame(svg, READ)!.querySelector('rect')).toHaveAttribute('width', '959.5');
    expect(frame(svg, VERIFY)!.querySelector('rect')).toHaveAttribute('width', '527.5');
    // the siblings are gone, the callers dimmed below
    expect(frame(svg, '[vdso]')).toBeUndefined();
    expect(
      frame(svg, 'org/apache/hadoop/hbase/regionserver/StoreFileWriter.append'),
    ).toBeUndefined();
    expect(svg.querySelectorAll('g.flame-ancestor')).toHaveLength(3);
    expect(screen.getByTestId('flame-graph-focus')).toHaveTextContent(
      'Zoomed into HFileBlock$FSReaderImpl.readBlockDataInternal: 400 samples, 40.0% of all',
    );

    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    expect(svg).toHaveAttribute('data-zoom', '0');
    expect(svg.querySelectorAll('g.flame-frame')).toHaveLength(9);
    expect(reset).toBeDisabled();
  });

  it('zooms out to a caller clicked below, and with Escape', async () => {
    renderGraph();
    const svg = screen.getByTestId('flame-graph');
    await userEvent.click(frame(svg, 'updateBytesCRC32C')!.querySelector('rect')!);
    expect(svg).toHaveAttribute('data-zoom', '0.0.0.0.0.0');
    await userEvent.click(frame(svg, 'java/lang/Thread.run')!.querySelector('rect')!);
    expect(svg).toHaveAttribute('data-zoom', '0.0');
    fireEvent.keyDown(svg, { key: 'Escape' });
    expect(svg).toHaveAttribute('data-zoom', '0');
  });

  it('lets the keyboard zoom into a labelled frame', async () => {
    renderGraph();
    const svg = screen.getByTestId('flame-graph');
    const button = within(svg).getByRole('button', {
      name: new RegExp(`^${READ.replace(/\$/g, '\\$')}:`),
    });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(svg).toHaveAttribute('data-zoom', '0.0.0.0');
  });

  it('leaves a frame too narrow for a label out of the keyboard order, not out of the drawing', () => {
    render(
      <FlameGraph
        root={{
          n: 'all',
          v: 100,
          c: [
            { n: 'wide', v: 99 },
            { n: 'narrow', v: 1 },
          ],
        }}
        aria-label="profile"
        data-testid="flame-graph"
      />,
    );
    const svg = screen.getByTestId('flame-graph');
    expect(
      within(svg)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-name')),
    ).toEqual(['all', 'wide']);
    const narrow = frame(svg, 'narrow')!;
    expect(narrow).not.toHaveAttribute('tabindex');
    expect(narrow.querySelector('title')).toHaveTextContent('narrow 1 sample · 1.0% of all');
    expect(screen.queryByTestId('flame-graph-legend')).not.toBeInTheDocument();
  });
});
