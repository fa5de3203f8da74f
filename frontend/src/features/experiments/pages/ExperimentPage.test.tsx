import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  experimentFixture,
  experimentRunningFixture,
  nativeChecksumsExperimentFixture,
  operatorUser,
  overviewFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ExperimentPage } from './ExperimentPage';

const URL_31 = 'GET /api/v1/clusters/1/experiments/31';
const base = { 'GET /api/v1/clusters/1': { body: overviewFixture.cluster } };

const renderPage = (user = operatorUser) =>
  renderWithProviders(<ExperimentPage />, {
    user,
    route: '/clusters/1/experiments/31',
    path: '/clusters/:clusterId/experiments/:seriesId',
  });

const panel = (title: string) =>
  screen.getAllByTestId('experiment-panel').find((p) => p.getAttribute('data-title') === title)!;

describe('ExperimentPage', () => {
  it('draws one chart per panel, the findings beside the seed, the notes and the runs', async () => {
    mockFetch({ ...base, [URL_31]: { body: experimentFixture } });
    renderPage();
    expect(await screen.findByTestId('experiment-state')).toHaveAttribute(
      'data-state',
      'SUCCEEDED',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('coder matrix');
    expect(screen.getByTestId('experiment-succeeded')).toHaveTextContent('2 / 2 runs succeeded');
    expect(screen.queryByTestId('experiment-progress')).not.toBeInTheDocument();

    const chart = screen.getByTestId('experiment-chart');
    expect(within(chart).getByRole('heading', { name: 'Encode MiB/s' })).toBeVisible();
    expect(within(chart).getByRole('heading', { name: 'Decode MiB/s' })).toBeVisible();
    const encode = panel('Encode MiB/s');
    expect(within(encode).getByRole('img')).toHaveAccessibleName('Encode MiB/s: MiB/s by threads');
    // two bars in the first category, none for the nulls of the second; the seed as points
    const bars = encode.querySelectorAll('rect.chart-bar');
    expect([...bars].map((b) => b.getAttribute('data-series'))).toEqual(['ISA-L', 'Java']);
    expect(bars[0]!.querySelector('title')).toHaveTextContent('ISA-L · RS-3-2 · 1: 5,870');
    expect(encode.querySelectorAll('circle.chart-point')).toHaveLength(2);
    // the ratio above its category, and in the values table
    expect([...encode.querySelectorAll('text.chart-annotation')].map((t) => t.textContent)).toEqual(
      ['ISA-L/Java 14.2×'],
    );
    expect(within(encode).getAllByText('ISA-L/Java 14.2×')).toHaveLength(2);
    expect(
      within(within(encode).getByRole('list', { name: 'Legend' })).getAllByRole('listitem'),
    ).toHaveLength(3);

    const findings = screen.getAllByTestId('experiment-finding');
    expect(findings).toHaveLength(2);
    expect(findings[0]).toHaveTextContent('RS-3-2 encode, ISA-L / Java14.2×14×');
    expect(
      within(screen.getByTestId('experiment-notes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Medians over 1 repetition.', 'This host has AVX2, not AVX-512.']);

    const runs = screen.getAllByTestId('experiment-run-row');
    expect(runs).toHaveLength(2);
    expect(runs[1]).toHaveTextContent('RS-3-2 java 1 thread 1024 KiB');
    expect(runs[1]).toHaveTextContent('412.3 MiB/s');
    expect(runs[1]).toHaveTextContent('encodeMiBps 412 · decodeMiBps 398 · verified yes');
    expect(runs[1]).toHaveTextContent('granary-node ec-coder --schema RS-3-2 --coder java');
    expect(
      within(runs[1]!).getByRole('button', {
        name: 'Copy the command of RS-3-2 java 1 thread 1024 KiB #1',
      }),
    ).toBeInTheDocument();

    expect(screen.getByTestId('experiment-params')).toHaveTextContent('Threads1');
    expect(screen.getByTestId('experiment-params')).toHaveTextContent('Data per run32 MiB');
    expect(screen.queryByRole('button', { name: 'Cancel experiment' })).not.toBeInTheDocument();
  });

  it('shows no CPU profile for runs that took none', async () => {
    mockFetch({ ...base, [URL_31]: { body: experimentFixture } });
    renderPage();
    expect(await screen.findByTestId('experiment-chart')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'CPU profile' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('flame-graph')).not.toBeInTheDocument();
  });

  it("shows a sweep's regression and fastest configurations as tables, numbers aligned right", async () => {
    mockFetch({
      ...base,
      [URL_31]: {
        body: {
          ...experimentFixture,
          tables: [
            {
              title: 'Regression: put seconds',
              columns: ['term', 'coefficient (s)', 't', 'p'],
              rows: [
                ['(intercept)', '5.100', '42.10', '1.2e-08'],
                ['blockCache', '-1.250', '-10.30', '0.0004'],
              ],
              caption: 'R² 0.962, adjusted R² 0.934, 8 runs, 4 error degrees of freedom',
            },
          ],
        },
      },
    });
    renderPage();
    const analysis = await screen.findByTestId('experiment-analysis');
    const table = within(analysis).getByRole('table', { name: 'Regression: put seconds' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('blockCache-1.250-10.300.0004');
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveClass('num');
    expect(within(rows[2]!).getAllByRole('cell')[0]).not.toHaveClass('num');
    expect(analysis).toHaveTextContent('R² 0.962, adjusted R² 0.934');
  });

  it('shows no analysis tables for an experiment without any', async () => {
    mockFetch({ ...base, [URL_31]: { body: experimentFixture } });
    renderPage();
    expect(await screen.findByTestId('experiment-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('experiment-analysis')).not.toBeInTheDocument();
  });

  it('draws the CPU profile of one run at a time, its checksum frames apart', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/experiments/33': { body: nativeChecksumsExperimentFixture },
    });
    renderWithProviders(<ExperimentPage />, {
      user: viewerUser,
      route: '/clusters/1/experiments/33',
      path: '/clusters/:clusterId/experiments/:seriesId',
    });
    const section = await screen.findByRole('region', { name: 'CPU profile' });
    expect(
      within(screen.getByTestId('experiment-chart')).getByRole('heading', {
        name: 'RegionServer CPU seconds',
      }),
    ).toBeVisible();
    const picker = within(section).getByRole('combobox', { name: 'Run' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['no native #1', 'native for HDFS and HBase #1']);
    expect(picker).toHaveValue('501');
    const svg = within(section).getByTestId('flame-graph');
    expect(svg).toHaveAccessibleName('CPU profile of no native #1');
    expect(svg.querySelectorAll('g.flame-frame')).toHaveLength(9);
    expect(svg.querySelectorAll('g[data-highlighted]')).toHaveLength(2);
    expect(within(section).getByTestId('flame-graph-legend')).toHaveTextContent(
      'checksum frames: 22.1% of samples',
    );
    expect(section).toHaveTextContent('1,000 CPU samples');

    // zoomed in one run, the other opens unzoomed
    await userEvent.click(
      svg.querySelector(
        'g[data-name="org/apache/hadoop/util/DataChecksum.verifyChunkedSums"] rect',
      )!,
    );
    expect(svg).toHaveAttribute('data-zoom', '0.0.0.0.0');
    await userEvent.selectOptions(picker, 'native for HDFS and HBase #1');
    const other = within(section).getByTestId('flame-graph');
    expect(other).toHaveAccessibleName('CPU profile of native for HDFS and HBase #1');
    expect(other).toHaveAttribute('data-zoom', '0');
    expect(other.querySelectorAll('g.flame-frame')).toHaveLength(3);
    expect(within(section).getByTestId('flame-graph-legend')).toHaveTextContent(
      'checksum frames: 3.0% of samples',
    );
    // the runs table keeps the tree out of its tooltip
    const result = within(screen.getAllByTestId('experiment-run-row')[0]!).getByTitle(
      /flame graph: 9 frames/,
    );
    expect(result).toHaveTextContent('rows 5,000');
  });

  it('saves the experiment as a JSON file', async () => {
    mockFetch({ ...base, [URL_31]: { body: experimentFixture } });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Download JSON' });
    expect(link).toHaveAttribute('download', 'experiment-31-ec-coder.json');
    const href = link.getAttribute('href')!;
    const prefix = 'data:application/json;charset=utf-8,';
    expect(href.startsWith(prefix)).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.slice(prefix.length)))).toEqual(experimentFixture);
  });

  it('follows a running experiment every 2 s until it is final', async () => {
    let polls = 0;
    mockFetch({
      ...base,
      [URL_31]: () => {
        polls += 1;
        return { body: polls === 1 ? experimentRunningFixture : experimentFixture };
      },
    });
    renderPage();
    expect(await screen.findByTestId('experiment-state')).toHaveAttribute('data-state', 'RUNNING');
    const bar = within(screen.getByTestId('experiment-progress')).getByRole('progressbar');
    // one run done, one half way, one queued: 1.5 of 3
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50% · 1 / 3 runs');
    expect(screen.getByTestId('experiment-counts')).toHaveTextContent(
      '1 succeeded · 1 running · 1 queued · now RS-3-2 java 1 thread 1024 KiB, repetition 1',
    );
    expect(screen.getByTestId('experiment-figure')).toHaveTextContent(
      'The figure is drawn once the first runs have finished.',
    );
    expect(screen.getByText('No findings yet: they appear as runs finish.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel experiment' })).toBeInTheDocument();

    await waitFor(
      () =>
        expect(screen.getByTestId('experiment-state')).toHaveAttribute('data-state', 'SUCCEEDED'),
      { timeout: 5_000 },
    );
    expect(screen.getByTestId('experiment-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('experiment-progress')).not.toBeInTheDocument();
    const settled = polls;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(polls).toBe(settled);
  });

  it('cancels a running experiment after confirmation', async () => {
    let cancelled = false;
    const { requests } = mockFetch({
      ...base,
      [URL_31]: () => ({
        body: cancelled
          ? {
              ...experimentRunningFixture,
              summary: { ...experimentRunningFixture.summary, state: 'CANCELLED' },
            }
          : experimentRunningFixture,
      }),
      'POST /api/v1/clusters/1/experiments/31/cancel': () => {
        cancelled = true;
        return {
          status: 202,
          body: { ...experimentRunningFixture.summary, state: 'CANCELLED' },
        };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel experiment' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel experiment "coder matrix"?');
    expect(dialog).toHaveTextContent('/api/v1/clusters/1/experiments/31/cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel experiment' }));
    await waitFor(() =>
      expect(screen.getByTestId('experiment-state')).toHaveAttribute('data-state', 'CANCELLED'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel experiment' })).not.toBeInTheDocument();
  });

  it('lets a VIEWER follow a running experiment without cancelling it', async () => {
    mockFetch({ ...base, [URL_31]: { body: experimentRunningFixture } });
    renderPage(viewerUser);
    expect(await screen.findByTestId('experiment-progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel experiment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download JSON' })).toBeInTheDocument();
  });

  it('says why when the experiment cannot be loaded', async () => {
    mockFetch(base);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
