import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  benchmarkCeilingFixture,
  benchmarkRunsFixture,
  OPERATION_ID,
  overviewFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { BenchmarksPage } from './BenchmarksPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/benchmarks/runs': { body: benchmarkRunsFixture },
  'GET /api/v1/clusters/1/benchmarks/ceiling': { body: benchmarkCeilingFixture },
};

const renderPage = (route = '/clusters/1/benchmarks', user = adminUser) =>
  renderWithProviders(<BenchmarksPage />, {
    user,
    route,
    path: '/clusters/:clusterId/benchmarks',
  });

const row = (runId: number) =>
  screen
    .getAllByTestId('bench-run-row')
    .find((r) => r.getAttribute('data-run-id') === String(runId))!;

describe('BenchmarksPage', () => {
  it('lists runs with mode, rates, latencies, CPU and ceiling ratio, and the ceiling', async () => {
    mockFetch(base);
    renderPage();
    expect(await screen.findAllByTestId('bench-run-row')).toHaveLength(4);
    expect(row(14)).toHaveTextContent('open loop @ 5,000 ops/s');
    expect(row(14)).toHaveAttribute('data-state', 'RUNNING');
    const done = row(12);
    expect(done).toHaveTextContent('YCSB A');
    expect(done).toHaveTextContent('ycsb A');
    expect(done).toHaveTextContent('closed loop');
    expect(done).toHaveTextContent('12,346');
    expect(done).toHaveTextContent('8.25 ms');
    expect(done).toHaveTextContent('4.50 ms');
    expect(done).toHaveTextContent('42.5%');
    expect(done).toHaveTextContent('25%');
    expect(within(row(13)).getByTitle('The client was saturated')).toHaveTextContent('91.0%');
    expect(row(11)).toHaveAttribute('data-kind', 'CEILING');

    expect(screen.getByTestId('bench-ceiling-ops')).toHaveTextContent('50,000 ops/s');
    expect(screen.getByTestId('bench-ceiling-measured')).toHaveTextContent('probe run #11');
    expect(screen.getByRole('link', { name: 'New benchmark' })).toHaveAttribute(
      'href',
      '/clusters/1/benchmarks/new',
    );
    const nav = screen.getByRole('navigation', { name: 'Cluster' });
    expect(within(nav).getByRole('link', { name: 'Benchmarks' })).toHaveAttribute(
      'href',
      '/clusters/1/benchmarks',
    );
  });

  it('compares 2 to 4 ticked runs, in the order ticked', async () => {
    mockFetch(base);
    renderPage();
    await screen.findAllByTestId('bench-run-row');
    const compare = () => screen.getByTestId('bench-compare-link');
    expect(compare()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByLabelText('Select run #13 to compare'));
    expect(compare()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('bench-selected-count')).toHaveTextContent('1 selected, tick 1 more');
    await userEvent.click(screen.getByLabelText('Select run #12 to compare'));
    expect(compare()).toHaveAttribute('href', '/clusters/1/benchmarks/compare?runs=13,12');
    await userEvent.click(screen.getByLabelText('Select run #14 to compare'));
    await userEvent.click(screen.getByLabelText('Select run #11 to compare'));
    expect(compare()).toHaveAttribute('href', '/clusters/1/benchmarks/compare?runs=13,12,14,11');
  });

  it('preselects the run a run page asked to compare', async () => {
    mockFetch(base);
    renderPage('/clusters/1/benchmarks?select=12');
    await screen.findAllByTestId('bench-run-row');
    expect(screen.getByLabelText('Select run #12 to compare')).toBeChecked();
  });

  it('measures the ceiling for an OPERATOR+ and follows the probe', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/ceiling': { body: { measured: false } },
      'POST /api/v1/clusters/1/benchmarks/ceiling': {
        status: 202,
        body: { seriesId: 9, runIds: [30], operationId: OPERATION_ID },
      },
    });
    renderPage();
    expect(await screen.findByTestId('bench-ceiling-unmeasured')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Measure ceiling' }));
    expect(await screen.findByRole('link', { name: 'run #30' })).toHaveAttribute(
      'href',
      '/clusters/1/benchmarks/runs/30',
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows a VIEWER runs and the ceiling but no New benchmark or Measure ceiling', async () => {
    mockFetch(base);
    renderPage('/clusters/1/benchmarks', viewerUser);
    await screen.findAllByTestId('bench-run-row');
    expect(screen.getByTestId('bench-ceiling-ops')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New benchmark' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Measure ceiling' })).not.toBeInTheDocument();
    // Comparing changes nothing: a VIEWER gets it, as a link.
    await userEvent.click(screen.getByLabelText('Select run #12 to compare'));
    await userEvent.click(screen.getByLabelText('Select run #13 to compare'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Compare' })).toHaveAttribute(
        'href',
        '/clusters/1/benchmarks/compare?runs=12,13',
      ),
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
