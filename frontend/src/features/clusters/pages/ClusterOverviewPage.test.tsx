import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, operatorUser, overviewFixture, viewerUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { REASON_TEXT } from '../reasonText';
import { ClusterOverviewPage } from './ClusterOverviewPage';

const renderOverview = (user = adminUser) =>
  renderWithProviders(<ClusterOverviewPage />, {
    user,
    route: '/clusters/1',
    path: '/clusters/:clusterId',
  });

describe('ClusterOverviewPage', () => {
  it('renders health, reasons with their explanation, tables and native support', async () => {
    mockFetch({ 'GET /api/v1/clusters/1/overview': { body: overviewFixture } });
    renderOverview();

    expect(await screen.findByTestId('health-status')).toHaveTextContent('DEGRADED');
    const reason = screen.getByTestId('health-reason');
    expect(reason).toHaveAttribute('data-code', 'DATANODE_DEAD');
    expect(reason).toHaveTextContent(REASON_TEXT.DATANODE_DEAD.title);
    expect(reason).toHaveTextContent('DataNode 127.0.0.1:19350 is dead');
    expect(screen.getAllByTestId('datanode-row')).toHaveLength(2);
    expect(screen.getAllByTestId('regionserver-row')).toHaveLength(1);
    expect(screen.getByTestId('native-ec-coder')).toHaveTextContent('ISA-L native');
    expect(screen.getByRole('link', { name: /NameNode UI/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:19070/dfshealth.html',
    );
    expect(screen.getByRole('progressbar', { name: 'HDFS capacity used' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    const clusterNav = screen.getByRole('navigation', { name: 'Cluster' });
    expect(within(clusterNav).getByRole('link', { name: 'Tables' })).toHaveAttribute(
      'href',
      '/clusters/1/tables',
    );
  });

  it('shows "Java" when the EC coder is not native', async () => {
    mockFetch({
      'GET /api/v1/clusters/1/overview': {
        body: {
          ...overviewFixture,
          nativeSupport: { ...overviewFixture.nativeSupport, ecCoderNative: false },
        },
      },
    });
    renderOverview();
    expect(await screen.findByTestId('native-ec-coder')).toHaveTextContent('Java');
  });

  it('shows a VIEWER no "Run balancer" and no actions', async () => {
    mockFetch({ 'GET /api/v1/clusters/1/overview': { body: overviewFixture } });
    renderOverview(viewerUser);
    expect(await screen.findByTestId('health-status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run balancer' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cluster-actions')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shell-command')).not.toBeInTheDocument();
  });

  it('lets an OPERATOR run the balancer after confirming, with the shell equivalent shown', async () => {
    const { requests } = mockFetch({
      'GET /api/v1/clusters/1/overview': { body: overviewFixture },
      'POST /api/v1/clusters/1/balancer': {
        status: 202,
        body: {
          id: '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b',
          type: 'BALANCER_RUN',
          target: 'cluster local',
          state: 'PENDING',
          progress: 0,
          createdBy: 'ops',
          createdAt: '2025-11-21T15:46:00Z',
        },
      },
    });
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    renderOverview(operatorUser);

    const button = await screen.findByRole('button', { name: 'Run balancer' });
    expect(screen.getByTestId('cluster-actions')).toHaveTextContent('hbase shell> balancer');
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('hbase shell> balance_switch true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Run balancer' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/v1/clusters/1/balancer');
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('tok');
  });

  it('shows a 409 from the balancer as a readable message in the dialog', async () => {
    mockFetch({
      'GET /api/v1/clusters/1/overview': { body: overviewFixture },
      'POST /api/v1/clusters/1/balancer': {
        status: 409,
        body: {
          type: 'https://granary.io/problems/balancer-running',
          title: 'Conflict',
          status: 409,
          code: 'balancer-running',
          detail: 'A balancer run is already in progress.',
        },
      },
    });
    renderOverview(adminUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Run balancer' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run balancer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('A balancer run is already in progress.');
    expect(alert).not.toHaveTextContent('{');
  });
});
