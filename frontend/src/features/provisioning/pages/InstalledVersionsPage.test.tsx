import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cluster } from '../../../api/types';
import {
  adminUser,
  installedVersionFixture,
  installedVersionsFixture,
  overviewFixture,
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
