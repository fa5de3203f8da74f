import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ecCoderKindFixture,
  experimentKindsFixture,
  experimentsFixture,
  operatorUser,
  overviewFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ExperimentsPage } from './ExperimentsPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/experiments': { body: experimentKindsFixture },
  'GET /api/v1/clusters/1/experiments': { body: experimentsFixture },
};

const renderPage = (user = operatorUser) =>
  renderWithProviders(<ExperimentsPage />, {
    user,
    route: '/clusters/1/experiments',
    path: '/clusters/:clusterId/experiments',
  });

const card = (key: string) =>
  screen.getAllByTestId('experiment-kind').find((c) => c.getAttribute('data-kind') === key)!;

describe('ExperimentsPage', () => {
  it('shows a card per experiment of the catalog with New run for an OPERATOR', async () => {
    mockFetch(base);
    renderPage();
    expect(await screen.findAllByTestId('experiment-kind')).toHaveLength(3);
    const ec = card('ec-coder');
    expect(within(ec).getByRole('heading', { name: 'Erasure coder throughput' })).toBeVisible();
    expect(ec).toHaveTextContent('seed 003 · Figure 2');
    expect(ec).toHaveTextContent('Seed hardware: 2× Xeon Gold 6230');
    expect(ec).toHaveTextContent('control plane only');
    expect(card('dfsio')).not.toHaveTextContent('control plane only');
    expect(card('dfsio')).not.toHaveTextContent('scratch cluster');
    expect(
      within(ec).getByRole('link', { name: 'New run of Erasure coder throughput' }),
    ).toHaveAttribute('href', '/clusters/1/experiments/new?kind=ec-coder');
    const nav = screen.getByRole('navigation', { name: 'Cluster' });
    expect(within(nav).getByRole('link', { name: 'Experiments' })).toHaveAttribute(
      'href',
      '/clusters/1/experiments',
    );
  });

  it("lists the cluster's series, each row opening its experiment", async () => {
    mockFetch(base);
    renderPage();
    const rows = await screen.findAllByTestId('experiment-row');
    expect(rows.map((r) => r.getAttribute('data-series-id'))).toEqual(['32', '31']);
    const [running, done] = rows;
    expect(running).toHaveAttribute('data-state', 'RUNNING');
    expect(running).toHaveTextContent('dfsio 1 writer');
    expect(running).toHaveTextContent('HDFS write and read throughput');
    expect(running).toHaveTextContent('1 / 4');
    expect(done).toHaveTextContent('coder matrix');
    expect(done).toHaveTextContent('2 / 2');
    expect(done).toHaveTextContent('ops');
    expect(within(done!).getByRole('link', { name: 'coder matrix' })).toHaveAttribute(
      'href',
      '/clusters/1/experiments/31',
    );
    await userEvent.click(within(done!).getByText('Erasure coder throughput'));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
  });

  it('marks an experiment that runs on a scratch cluster of its own', async () => {
    const reconstruction = {
      ...ecCoderKindFixture,
      key: 'reconstruction',
      title: 'Reconstruction time',
      touchesCluster: true,
      scratch: true,
    };
    mockFetch({
      ...base,
      'GET /api/v1/experiments': { body: [...experimentKindsFixture, reconstruction] },
    });
    renderPage();
    expect(await screen.findAllByTestId('experiment-kind')).toHaveLength(4);
    expect(
      within(card('reconstruction')).getByTitle(/scratch cluster of its own/),
    ).toHaveTextContent('scratch cluster');
  });

  it('lets a VIEWER read the catalog and the series but not start a run', async () => {
    mockFetch(base);
    renderPage(viewerUser);
    expect(await screen.findAllByTestId('experiment-kind')).toHaveLength(3);
    expect(await screen.findAllByTestId('experiment-row')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^New run/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet and shows a failed catalog', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/experiments': { body: [] },
      'GET /api/v1/experiments': {
        status: 503,
        body: { type: 'about:blank', title: 'Unavailable', status: 503, code: 'unavailable' },
      },
    });
    renderPage();
    expect(await screen.findByText('No experiments on this cluster yet.')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the experiments')).toBeInTheDocument();
  });
});
