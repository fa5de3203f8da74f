import { screen, waitFor, within } from '@testing-library/react';
import {
  adminUser,
  ecConversionFixture,
  OPERATION_ID,
  overviewFixture,
  runningOperation,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { EcConversionPage } from './EcConversionPage';

const MiB = 1024 ** 2;
const CONVERSION = 'GET /api/v1/clusters/1/erasure-coding/conversions/5';
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  [`GET /api/v1/operations/${OPERATION_ID}`]: {
    body: { ...runningOperation, type: 'EC_CONVERSION', target: '/data/archive' },
  },
};

const renderConversion = (user = adminUser) =>
  renderWithProviders(<EcConversionPage />, {
    user,
    route: '/clusters/1/erasure-coding/conversions/5',
    path: '/clusters/:clusterId/erasure-coding/conversions/:conversionId',
  });

describe('EcConversionPage', () => {
  it('shows state, progress over the files, space reclaimed so far and the operation', async () => {
    mockFetch({ ...base, [CONVERSION]: { body: ecConversionFixture } });
    renderConversion();
    expect(await screen.findByTestId('ec-conversion-state')).toHaveAttribute(
      'data-state',
      'RUNNING',
    );
    const bar = within(screen.getByTestId('ec-conversion-progress')).getByRole('progressbar');
    // 9 converted + 1 failed of 20.
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50% · 10 / 20 files');
    expect(screen.getByTestId('ec-conversion-files')).toHaveTextContent(
      '9 of 20 files converted · 1 failed',
    );
    expect(screen.getByTestId('ec-conversion-reclaimed')).toHaveTextContent('200.0 MiB');
    expect(screen.getByTestId('ec-conversion-raw')).toHaveTextContent('900.0 MiB → 700.0 MiB');
    expect(screen.getByTestId('ec-conversion-predicted')).toHaveTextContent('510.0 MiB');
    expect(screen.getByTestId('ec-conversion-bytes')).toHaveTextContent('120.0 MiB / 300.0 MiB');
    expect(screen.getByTestId('ec-conversion-path')).toHaveTextContent('/data/archive');
    expect(screen.getByTestId('ec-conversion-coder')).toHaveTextContent(
      'NativeRSRawEncoder (libisal.so.2)',
    );
    expect(screen.getByTestId('ec-conversion-parallel')).toHaveTextContent(
      '3 copying now, up to 4',
    );
    expect(screen.getByTestId('ec-conversion-rate')).toHaveTextContent('183 MiB/s');
    expect(screen.getByText('unthrottled')).toBeInTheDocument();
    expect(screen.getByTestId('shell-command')).toHaveTextContent(
      'hdfs ec -setPolicy -path /data/archive -policy RS-3-2-1024k',
    );

    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel operation' })).toBeInTheDocument();
  });

  it('refreshes every second while running, then stops once it succeeded', async () => {
    let calls = 0;
    mockFetch({
      ...base,
      [CONVERSION]: () => {
        calls += 1;
        if (calls === 1) return { body: ecConversionFixture };
        return {
          body: {
            ...ecConversionFixture,
            state: 'SUCCEEDED',
            filesDone: 20,
            filesFailed: 0,
            bytesDone: 300 * MiB,
            rawBytesNow: 510 * MiB,
            reclaimedBytes: 390 * MiB,
            finishedAt: '2025-11-21T15:50:00Z',
          },
        };
      },
    });
    renderConversion();
    expect(await screen.findByTestId('ec-conversion-state')).toHaveAttribute(
      'data-state',
      'RUNNING',
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('ec-conversion-state')).toHaveAttribute(
          'data-state',
          'SUCCEEDED',
        ),
      { timeout: 10_000 },
    );
    expect(
      within(screen.getByTestId('ec-conversion-progress')).getByRole('progressbar'),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('ec-conversion-reclaimed')).toHaveTextContent('390.0 MiB');
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(after);
  });

  it('gives a VIEWER the conversion but no Cancel', async () => {
    mockFetch({ ...base, [CONVERSION]: { body: ecConversionFixture } });
    renderConversion(viewerUser);
    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel operation' })).not.toBeInTheDocument();
  });

  it('says when the conversion does not exist', async () => {
    mockFetch(base);
    renderConversion();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
