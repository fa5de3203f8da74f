import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cluster, PlanDiff } from '../../../api/types';
import {
  adminUser,
  installedVersionFixture,
  installedVersionsFixture,
  operatorUser,
  overviewFixture,
  restartRunFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { InstalledVersionPage } from './InstalledVersionPage';
import { InstalledVersionsPage } from './InstalledVersionsPage';

const cluster: Cluster = { ...overviewFixture.cluster, id: 5, name: 'lab-a', kind: 'PROVISIONED' };

describe('InstalledVersionsPage', () => {
  it('lists the versions newest first with playbook, when, who and hosts', async () => {
    mockFetch({
      'GET /api/v1/clusters/5': { body: cluster },
      'GET /api/v1/clusters/5/installs': { body: installedVersionsFixture },
    });
    renderWithProviders(<InstalledVersionsPage />, {
      user: adminUser,
      route: '/clusters/5/installs',
      path: '/clusters/:clusterId/installs',
    });
    const rows = await screen.findAllByTestId('install-row');
    expect(rows.map((r) => r.getAttribute('data-version'))).toEqual(['2', '1']);
    expect(rows[0]).toHaveTextContent('Scale-out');
    expect(rows[0]).toHaveTextContent('admin');
    expect(rows[0]).toHaveTextContent('5: 10.77.0.11, 10.77.0.12');
    expect(rows[1]).toHaveTextContent('Install');
    expect(within(rows[1]!).getByRole('link', { name: '#7' })).toHaveAttribute(
      'href',
      '/provisioning/runs/7',
    );
    expect(within(rows[0]!).getByTestId('install-link')).toHaveAttribute(
      'href',
      '/clusters/5/installs/2',
    );
    expect(screen.getByTestId('scale-in-link')).toHaveAttribute('href', '/clusters/5/scale-in');
    expect(screen.getByTestId('rolling-restart-link')).toHaveTextContent('Rolling restart…');
    expect(screen.getByTestId('config-link')).toHaveTextContent('Configuration…');
    expect(await screen.findByTestId('cluster-nav-installs')).toHaveAttribute(
      'href',
      '/clusters/5/installs',
    );
  });

  it('shows a VIEWER Scale in disabled with the reason', async () => {
    mockFetch({
      'GET /api/v1/clusters/5': { body: cluster },
      'GET /api/v1/clusters/5/installs': { body: installedVersionsFixture },
    });
    renderWithProviders(<InstalledVersionsPage />, {
      user: viewerUser,
      route: '/clusters/5/installs',
      path: '/clusters/:clusterId/installs',
    });
    const link = await screen.findByTestId('scale-in-link');
    expect(link).toBeDisabled();
    expect(link).toHaveAccessibleDescription('An ADMIN scales in');
    expect(screen.getByTestId('rolling-restart-link')).toHaveAccessibleDescription(
      'An ADMIN restarts',
    );
    // The values are readable by everyone; the restart page is not.
    expect(screen.getByTestId('config-link')).toHaveAttribute('href', '/clusters/5/config');
    expect(screen.getByTestId('config-link')).toHaveTextContent('Configuration');
    expect(await screen.findByTestId('cluster-nav-config')).toBeInTheDocument();
    expect(screen.queryByTestId('cluster-nav-rolling-restart')).toBeNull();
  });
});

describe('InstalledVersionsPage: compare and revert', () => {
  // from version 2 to version 1: a sized value, an override and a role-group value differ
  const twoToOne: PlanDiff = {
    hostsAdded: [],
    hostsRemoved: ['10.77.0.14'],
    roleChanges: [],
    configChanges: [
      { file: 'hdfs-site', key: 'dfs.replication', oldValue: '3', newValue: '2' },
      { file: 'core-site', key: 'io.file.buffer.size', oldValue: '131072', newValue: '65536' },
      {
        file: 'hbase-site',
        key: 'hfile.block.cache.size',
        role: 'regionserver',
        oldValue: '0.5',
        newValue: '0.4',
      },
    ],
    restarts: [{ role: 'regionserver', hosts: ['lab1', 'lab2', 'lab3'] }],
    summary: ['lab4 leaves'],
  };
  const versionOne = { ...installedVersionFixture, ...installedVersionsFixture[1]! };

  const fetches = () =>
    mockFetch({
      'GET /api/v1/clusters/5': { body: cluster },
      'GET /api/v1/clusters/5/installs': { body: installedVersionsFixture },
      'GET /api/v1/clusters/5/installs/2': { body: installedVersionFixture },
      'GET /api/v1/clusters/5/installs/1': { body: versionOne },
      'GET /api/v1/clusters/5/installs/compare': (r) => ({
        body: r.path.endsWith('from=2&to=1') ? twoToOne : installedVersionFixture.diff,
      }),
      'POST /api/v1/clusters/5/installs/1/revert': {
        status: 202,
        body: { ...restartRunFixture, playbook: 'config_change' },
      },
    });
  const renderList = (user = adminUser, route = '/clusters/5/installs') =>
    renderWithProviders(<InstalledVersionsPage />, {
      user,
      route,
      path: '/clusters/:clusterId/installs',
    });

  it('compares the version before the newest with it, and any two picked', async () => {
    const { requests } = fetches();
    renderList();
    const compare = await screen.findByTestId('compare');
    expect(compare).toHaveAttribute('data-from', '1');
    expect(compare).toHaveAttribute('data-to', '2');
    expect(await within(compare).findByTestId('diff-headline')).toHaveTextContent(
      '1 host added · 1 host changes roles · 3 config changes · 2 roles restart',
    );
    await userEvent.click(within(compare).getByRole('button', { name: 'Swap the versions' }));
    expect(await within(compare).findByText('lab4 leaves')).toBeInTheDocument();
    expect(requests.at(-1)?.path).toBe('/api/v1/clusters/5/installs/compare?from=2&to=1');
    expect(within(compare).getByLabelText('From version')).toHaveValue('2');
    expect(within(compare).getByRole('figure', { name: 'API equivalent' })).toHaveTextContent(
      'installs/compare?from=2&to=1',
    );
  });

  it('reverts an ADMIN to an older version, showing only the values a revert changes', async () => {
    const { requests } = fetches();
    renderList();
    const rows = await screen.findAllByTestId('install-row');
    expect(within(rows[0]!).queryByTestId('install-revert')).toBeNull();
    expect(rows[0]).toHaveTextContent('installed now');
    await userEvent.click(within(rows[1]!).getByTestId('install-revert'));
    const dialog = screen.getByRole('dialog', {
      name: 'Revert lab-a to the configuration of version 1?',
    });
    const values = await within(dialog).findByTestId('revert-values');
    // dfs.replication is the planner's (sized from the hosts): a revert leaves it.
    expect(
      within(values)
        .getAllByTestId('diff-config-change')
        .map((r) => r.getAttribute('data-key')),
    ).toEqual(['io.file.buffer.size', 'hfile.block.cache.size']);
    expect(values).not.toHaveTextContent('host removed');
    const confirm = within(dialog).getByRole('button', { name: 'Revert configuration' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Type the cluster name to confirm'),
      'lab-a',
    );
    await userEvent.click(confirm);
    await screen.findByTestId('other-route');
    expect(requests.find((r) => r.path.endsWith('/revert'))?.body).toEqual({
      batchSize: 1,
      confirm: 'lab-a',
    });
  });

  it('offers no revert below ADMIN and says who can', async () => {
    fetches();
    renderList(operatorUser);
    await screen.findAllByTestId('install-row');
    expect(screen.queryByTestId('install-revert')).toBeNull();
    expect(screen.getByTestId('installs-revert-role')).toHaveTextContent(
      "An ADMIN can revert to an older version's configuration.",
    );
  });
});

describe('InstalledVersionPage', () => {
  it('shows the version, its diff against the one before and its plan', async () => {
    mockFetch({
      'GET /api/v1/clusters/5': { body: cluster },
      'GET /api/v1/clusters/5/installs/2': { body: installedVersionFixture },
    });
    renderWithProviders(<InstalledVersionPage />, {
      user: viewerUser,
      route: '/clusters/5/installs/2',
      path: '/clusters/:clusterId/installs/:version',
    });
    const diff = await screen.findByTestId('install-diff');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Version 2 of lab-a');
    expect(diff).toHaveTextContent('Changes against version 1');
    expect(within(diff).getByTestId('diff-headline')).toHaveTextContent(
      '1 host added · 1 host changes roles · 3 config changes · 2 roles restart',
    );
    expect(within(diff).getByTestId('diff-host-added')).toHaveTextContent('+ 10.77.0.14');
    expect(within(diff).getByTestId('diff-role-change')).toHaveTextContent(
      'lab4+ DataNode, RegionServer',
    );
    const changes = within(diff).getAllByTestId('diff-config-change');
    expect(changes.map((c) => [c.getAttribute('data-key'), c.getAttribute('data-kind')])).toEqual([
      ['dfs.hosts.exclude', 'removed'],
      ['dfs.replication', 'changed'],
      ['hbase.regionserver.handler.count', 'added'],
    ]);
    expect(changes[1]).toHaveTextContent('2 → 3');
    expect(changes[2]).toHaveTextContent('lab4');
    expect(changes[2]).toHaveTextContent('(unset) → 40');
    expect(
      within(diff)
        .getAllByTestId('diff-restart')
        .map((r) => r.textContent),
    ).toEqual(['DataNode on lab1, lab2, lab3', 'RegionServer on lab1, lab2, lab3']);
    expect(screen.getAllByTestId('prov-plan-host')).toHaveLength(5);
    expect(screen.getByRole('link', { name: '← Version 1' })).toHaveAttribute(
      'href',
      '/clusters/5/installs/1',
    );
    await userEvent.click(screen.getByRole('link', { name: '#9' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
  });
});
