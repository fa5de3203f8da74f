import { screen, within } from '@testing-library/react';
import { benchmarkComparisonFixture, overviewFixture, viewerUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { BenchmarkComparePage } from './BenchmarkComparePage';

const renderCompare = (query: string) =>
  renderWithProviders(<BenchmarkComparePage />, {
    user: viewerUser,
    route: `/clusters/1/benchmarks/compare${query}`,
    path: '/clusters/:clusterId/benchmarks/compare',
  });

describe('BenchmarkComparePage', () => {
  it('shows one column per run and each metric with values and ratios to the first', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
      'GET /api/v1/clusters/1/benchmarks/compare': { body: benchmarkComparisonFixture },
    });
    renderCompare('?runs=12,13');
    const table = await screen.findByTestId('bench-compare');
    expect(
      within(table)
        .getAllByTestId('bench-compare-run')
        .map((c) => c.dataset.runId),
    ).toEqual(['12', '13']);
    expect(requests.find((r) => r.path.includes('/compare'))?.path).toBe(
      '/api/v1/clusters/1/benchmarks/compare?runs=12%2C13',
    );
    const rows = within(table).getAllByTestId('bench-compare-row');
    expect(rows.map((r) => r.dataset.key)).toEqual(['opsPerSec', 'p99CorrectedMs', 'errors']);

    const ops = within(rows[0]!).getByTestId('bench-compare-ratio');
    expect(rows[0]).toHaveTextContent('12,346 ops/s');
    expect(ops).toHaveTextContent('1.05× (+5.3%)');
    expect(ops).toHaveAttribute('data-verdict', 'better');
    // Higher latency is worse.
    expect(within(rows[1]!).getByTestId('bench-compare-ratio')).toHaveAttribute(
      'data-verdict',
      'worse',
    );
    expect(within(rows[2]!).getByTestId('bench-compare-ratio')).toHaveTextContent('—');
    expect(screen.getByTestId('bench-differences')).toHaveTextContent('spec.threads: 8 → 16');
  });

  it('asks for 2 to 4 runs without calling the API', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
    });
    renderCompare('?runs=12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose 2 to 4 runs (got 1).');
    expect(requests.some((r) => r.path.includes('/compare'))).toBe(false);
  });
});
