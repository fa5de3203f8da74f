import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClusterOverview } from '../../../api/types';
import {
  adminUser,
  haFixture,
  operationFixture,
  operatorUser,
  overviewFixture,
  viewerUser,
} from '../../../test/fixtures';
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

  it('links a provisioned cluster to its installed versions and the scale-in', async () => {
    const provisioned = {
      ...overviewFixture,
      cluster: { ...overviewFixture.cluster, kind: 'PROVISIONED' as const },
    };
    mockFetch({
      'GET /api/v1/clusters/1/overview': { body: provisioned },
      'GET /api/v1/clusters/1': { body: provisioned.cluster },
    });
    renderOverview();
    expect(await screen.findByTestId('installs-link')).toHaveAttribute(
      'href',
      '/clusters/1/installs',
    );
    expect(screen.getByTestId('scale-in-link')).toHaveAttribute('href', '/clusters/1/scale-in');
    expect(screen.getByTestId('scale-in-link')).toHaveTextContent('Scale in…');
    expect(await screen.findByTestId('cluster-nav-installs')).toHaveTextContent('Installs');
  });

  it('says a Kerberized cluster needs tickets and names the principal the console logs in as', async () => {
    const kerberized = {
      ...overviewFixture,
      cluster: {
        ...overviewFixture.cluster,
        kind: 'PROVISIONED' as const,
        kerberos: {
          realm: 'GRANARY.TEST',
          principal: 'granary-cp/lab@GRANARY.TEST',
          kdcs: ['10.77.0.11:88'],
          rpcProtection: 'privacy',
          dataTransferProtection: 'authentication',
        },
      },
    };
    mockFetch({
      'GET /api/v1/clusters/1/overview': { body: kerberized },
      'GET /api/v1/clusters/1': { body: kerberized.cluster },
    });
    renderOverview();
    const notice = await screen.findByTestId('kerberos-notice');
    expect(notice).toHaveTextContent('realm GRANARY.TEST (KDC 10.77.0.11:88; RPC privacy');
    expect(notice).toHaveTextContent('granary-cp/lab@GRANARY.TEST');
    expect(within(notice).getByTestId('shell-command')).toHaveTextContent(
      'kinit <user>@GRANARY.TEST',
    );
    expect(screen.getByText('Kerberos GRANARY.TEST')).toBeInTheDocument();
  });

  it('offers no scale-in on a registered (local) cluster', async () => {
    mockFetch({
      'GET /api/v1/clusters/1/overview': { body: overviewFixture },
      'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
    });
    renderOverview();
    await screen.findByTestId('health-status');
    expect(screen.queryByTestId('scale-in-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('installs-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cluster-nav-installs')).not.toBeInTheDocument();
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

  describe('high availability', () => {
    const haOverview: ClusterOverview = { ...overviewFixture, ha: haFixture };
    const swapped: ClusterOverview = {
      ...overviewFixture,
      ha: {
        ...haFixture,
        namenodes: haFixture.namenodes.map((nn) => ({
          ...nn,
          state: nn.id === 'nn1' ? 'standby' : 'active',
        })),
      },
    };
    const failoverOp = operationFixture({
      type: 'NAMENODE_FAILOVER',
      target: 'NameNode nn2',
      state: 'PENDING',
      shellEquivalent: 'hdfs haadmin -ns granary-ha -failover nn1 nn2',
    });

    it('shows no HA panel for a cluster without HA', async () => {
      mockFetch({ 'GET /api/v1/clusters/1/overview': { body: overviewFixture } });
      renderOverview();
      expect(await screen.findByTestId('health-status')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'High availability' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Fail over NameNode' })).not.toBeInTheDocument();
    });

    it('lists the NameNode pair, the HMasters and the quorum with text badges and the checks', async () => {
      mockFetch({ 'GET /api/v1/clusters/1/overview': { body: haOverview } });
      renderOverview();
      const panel = await screen.findByRole('region', { name: 'High availability' });
      const namenodes = within(panel).getByRole('table', { name: 'NameNodes' });
      const nnRows = within(namenodes).getAllByRole('row').slice(1);
      expect(nnRows.map((r) => r.textContent)).toEqual([
        'nn1127.0.0.1:24020active',
        'nn2127.0.0.1:24021standby',
      ]);
      const masters = within(panel).getByRole('table', { name: 'HMasters' });
      expect(within(masters).getByText('backup')).toBeInTheDocument();
      expect(within(panel).getByTestId('zookeeper-serving')).toHaveTextContent('3 of 3 serving');
      expect(within(panel).getAllByTestId('zookeeper-row')).toHaveLength(3);
      expect(within(panel).getByRole('heading', { name: 'ZooKeeper quorum' })).toBeInTheDocument();
      expect(within(panel).getByRole('figure', { name: 'Shell equivalent' })).toHaveTextContent(
        'hdfs haadmin -ns granary-ha -getAllServiceState',
      );
    });

    it('shows a VIEWER the states but neither action', async () => {
      mockFetch({ 'GET /api/v1/clusters/1/overview': { body: haOverview } });
      renderOverview(viewerUser);
      expect(await screen.findByTestId('ha-panel')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Fail over NameNode' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Move active HMaster' })).not.toBeInTheDocument();
      expect(screen.getByTestId('ha-actions-role')).toHaveTextContent('OPERATOR or ADMIN');
    });

    it('disables the actions with their reasons when there is no standby and no backup', async () => {
      mockFetch({
        'GET /api/v1/clusters/1/overview': {
          body: {
            ...overviewFixture,
            ha: {
              ...haFixture,
              namenodes: [haFixture.namenodes[0]!, { ...haFixture.namenodes[1]!, state: 'down' }],
              masters: [haFixture.masters[0]!, { ...haFixture.masters[1]!, state: 'down' }],
            },
          },
        },
      });
      renderOverview(operatorUser);
      const failover = await screen.findByRole('button', { name: 'Fail over NameNode' });
      expect(failover).toBeDisabled();
      expect(failover).toHaveAccessibleDescription(
        'No standby NameNode to take over: nn2 is down.',
      );
      const move = screen.getByRole('button', { name: 'Move active HMaster' });
      expect(move).toBeDisabled();
      expect(move).toHaveAccessibleDescription(
        'No backup HMaster runs to take over; start one first.',
      );
    });

    it('fails over after the standby id is typed, follows the operation and refetches the overview', async () => {
      let overviews = 0;
      const { requests } = mockFetch({
        'GET /api/v1/clusters/1/overview': () => ({
          body: overviews++ === 0 ? haOverview : swapped,
        }),
        'POST /api/v1/clusters/1/ha/namenode-failover': { status: 202, body: failoverOp },
        [`GET /api/v1/operations/${failoverOp.id}`]: {
          body: {
            ...failoverOp,
            state: 'SUCCEEDED',
            progress: 100,
            message: 'nn2 is the active NameNode of granary-ha; nn1 is standby',
            events: [],
          },
        },
      });
      renderOverview(operatorUser);
      await userEvent.click(await screen.findByRole('button', { name: 'Fail over NameNode' }));
      const dialog = screen.getByRole('dialog', { name: 'Fail over NameNode to nn2?' });
      expect(dialog).toHaveTextContent('hdfs haadmin -ns granary-ha -failover nn1 nn2');
      const confirm = within(dialog).getByRole('button', { name: 'Fail over to nn2' });
      expect(confirm).toBeDisabled();
      const field = within(dialog).getByLabelText("Type the standby's id to confirm");
      await userEvent.type(field, 'nn1');
      expect(confirm).toBeDisabled();
      await userEvent.clear(field);
      await userEvent.type(field, 'nn2');
      await userEvent.click(confirm);

      const result = await screen.findByTestId('ha-operation-result');
      expect(result).toHaveAttribute('data-state', 'SUCCEEDED');
      expect(result).toHaveTextContent('nn2 is the active NameNode');
      const post = requests.find((r) => r.method === 'POST')!;
      expect(post.body).toEqual({ to: 'nn2', confirm: 'nn2' });
      // the overview is asked again once the operation ends: the pair shows swapped
      await waitFor(() =>
        expect(
          screen.getAllByTestId('namenode-row').map((r) => r.getAttribute('data-state')),
        ).toEqual(['standby', 'active']),
      );
      expect(screen.getByRole('button', { name: 'Fail over NameNode' })).toBeEnabled();
    });

    it('moves the active HMaster after the cluster name is typed and shows a 409 readably', async () => {
      const { requests } = mockFetch({
        'GET /api/v1/clusters/1/overview': { body: haOverview },
        'POST /api/v1/clusters/1/ha/master-move': {
          status: 409,
          body: {
            type: 'https://granary.io/problems/ha-state-conflict',
            title: 'Conflict',
            status: 409,
            code: 'ha-state-conflict',
            detail: 'no backup HMaster runs to take over; start one first',
          },
        },
      });
      renderOverview(adminUser);
      await userEvent.click(await screen.findByRole('button', { name: 'Move active HMaster' }));
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveTextContent('127.0.0.1:24610');
      const confirm = within(dialog).getByRole('button', { name: 'Move active HMaster' });
      expect(confirm).toBeDisabled();
      await userEvent.type(
        within(dialog).getByLabelText('Type the cluster name to confirm'),
        'local',
      );
      await userEvent.click(confirm);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('no backup HMaster runs to take over');
      expect(alert).not.toHaveTextContent('{');
      expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ confirm: 'local' });
    });
  });
});
