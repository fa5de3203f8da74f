import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cluster, ScaleInPreflight } from '../../../api/types';
import {
  adminUser,
  installedVersionFixture,
  installedVersionsFixture,
  operatorUser,
  overviewFixture,
  scaleInPreflightFixture,
  scaleInRunFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ScaleInPage } from './ScaleInPage';

const cluster: Cluster = { ...overviewFixture.cluster, id: 5, name: 'lab-a', kind: 'PROVISIONED' };

const base = {
  'GET /api/v1/clusters/5': { body: cluster },
  'GET /api/v1/clusters/5/installs': { body: installedVersionsFixture },
  'GET /api/v1/clusters/5/installs/2': { body: installedVersionFixture },
};

const renderPage = (user = adminUser) =>
  renderWithProviders(<ScaleInPage />, {
    user,
    route: '/clusters/5/scale-in',
    path: '/clusters/:clusterId/scale-in',
  });

const hostRow = (address: string) =>
  screen.getAllByTestId('scale-in-host').find((r) => r.getAttribute('data-address') === address)!;

async function pickAndCheck(addresses: string[]) {
  await screen.findAllByTestId('scale-in-host');
  for (const a of addresses) {
    await userEvent.click(within(hostRow(a)).getByTestId('scale-in-host-select'));
  }
  await userEvent.click(screen.getByTestId('scale-in-check'));
}

describe('ScaleInPage', () => {
  it('checks the picked hosts, shows what the check found, and starts after the typed name', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/5/scale-in/preflight': { body: scaleInPreflightFixture },
      'POST /api/v1/clusters/5/scale-in': { status: 202, body: scaleInRunFixture },
    });
    renderPage();

    // The installed version's hosts: lab5 runs only ZooKeeper and cannot be picked.
    await screen.findAllByTestId('scale-in-host');
    expect(screen.getByTestId('scale-in-version')).toHaveTextContent('Installed version 2');
    expect(within(hostRow('10.77.0.15')).getByTestId('scale-in-host-select')).toBeDisabled();
    expect(within(hostRow('10.77.0.15')).getByTestId('scale-in-host-reason')).toHaveTextContent(
      'Runs no DataNode and no RegionServer',
    );
    expect(hostRow('10.77.0.11')).toHaveTextContent('Also runs ZooKeeper, NameNode, HMaster');
    expect(screen.getByTestId('scale-in-check')).toBeDisabled();

    // Ticked out of order: asked in plan order.
    await pickAndCheck(['10.77.0.14', '10.77.0.13']);
    const preflight = requests.find((r) => r.path === '/api/v1/clusters/5/scale-in/preflight');
    expect(preflight?.body).toEqual({ hosts: ['10.77.0.13', '10.77.0.14'] });

    const result = await screen.findByTestId('scale-in-preflight');
    expect(result).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('scale-in-bytes')).toHaveTextContent('3.5 GiB');
    const warnings = screen.getAllByTestId('scale-in-finding');
    expect(warnings.map((w) => w.getAttribute('data-code'))).toEqual([
      'scale-in-under-replicated',
      'scale-in-dead-datanode',
    ]);
    expect(warnings[0]).toHaveTextContent('Under-replicated blocks');
    expect(warnings[1]).toHaveTextContent('DataNode dead');
    expect(warnings[1]).toHaveTextContent(
      '10.77.0.14 — its DataNode is dead: its blocks are copied from their other replicas',
    );
    expect(screen.getByTestId('scale-in-diff')).toHaveTextContent('2 hosts removed');
    expect(screen.getByTestId('scale-in-diff')).toHaveTextContent('against installed version 2');
    expect(screen.getByTestId('diff-summary')).toHaveTextContent(
      'lab3 and lab4 leave; 2 DataNodes remain',
    );
    expect(
      within(screen.getByTestId('scale-in-diff')).getByTestId('diff-config-change'),
    ).toHaveTextContent('3 → 2');
    expect(
      screen.getByRole('figure', { name: 'Manual equivalent, host by host' }),
    ).toHaveTextContent('RegionMover -r lab3 -o unload');

    // Confirm with the cluster's name.
    await userEvent.click(screen.getByTestId('scale-in-start'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Scale in 2 hosts' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Type the cluster name to confirm'),
      'lab-a',
    );
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await screen.findByTestId('other-route');
    const started = requests.find((r) => r.path === '/api/v1/clusters/5/scale-in');
    expect(started?.body).toEqual({ hosts: ['10.77.0.13', '10.77.0.14'], confirm: 'lab-a' });
  });

  it('shows each refusal of the check and keeps Start disabled', async () => {
    const refused: ScaleInPreflight = {
      ...scaleInPreflightFixture,
      ok: false,
      findings: [
        ...scaleInPreflightFixture.findings,
        {
          code: 'scale-in-ec-policy',
          severity: 'ERROR',
          field: 'hosts',
          message: 'RS-3-2-1024k needs 5 DataNodes, 3 would remain',
        },
      ],
    };
    mockFetch({
      ...base,
      'POST /api/v1/clusters/5/scale-in/preflight': { body: refused },
    });
    renderPage();
    await pickAndCheck(['10.77.0.13', '10.77.0.14']);
    expect(await screen.findByTestId('scale-in-verdict')).toHaveTextContent(
      'The scale-in is refused: one reason below.',
    );
    const refusals = within(screen.getByTestId('scale-in-refusals')).getAllByTestId(
      'scale-in-finding',
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toHaveTextContent('EC policy too wide');
    expect(refusals[0]).toHaveTextContent(
      'cluster — RS-3-2-1024k needs 5 DataNodes, 3 would remain',
    );
    expect(refusals[0]).toHaveTextContent('scale-in-ec-policy');
    expect(screen.getByTestId('scale-in-errors')).toHaveTextContent('1');
    expect(screen.getByTestId('scale-in-start')).toBeDisabled();
    expect(screen.getByTestId('scale-in-start-reason')).toHaveTextContent(
      'The check refuses this scale-in.',
    );

    // A different pick drops the answer: it was about other hosts.
    await userEvent.click(within(hostRow('10.77.0.14')).getByTestId('scale-in-host-select'));
    expect(screen.queryByTestId('scale-in-preflight')).not.toBeInTheDocument();
  });

  it('shows a 409 scale-in-unsafe at start as one line per refusal', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/5/scale-in/preflight': { body: scaleInPreflightFixture },
      'POST /api/v1/clusters/5/scale-in': {
        status: 409,
        body: {
          type: 'https://granary.io/problems/scale-in-unsafe',
          title: 'The scale-in is unsafe',
          status: 409,
          code: 'scale-in-unsafe',
          detail:
            '2 reason(s) refuse removing 10.77.0.13, 10.77.0.14: scale-in-missing-blocks: 3 blocks are missing; scale-in-replication: dfs.replication is 3, 2 DataNodes would remain',
          errors: [
            { field: 'hosts', message: 'scale-in-missing-blocks: 3 blocks are missing' },
            {
              field: 'hosts[0]',
              message: 'scale-in-replication: dfs.replication is 3, 2 DataNodes would remain',
            },
          ],
        },
      },
    });
    renderPage();
    await pickAndCheck(['10.77.0.13', '10.77.0.14']);
    await userEvent.click(await screen.findByTestId('scale-in-start'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText('Type the cluster name to confirm'),
      'lab-a',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scale in 2 hosts' }));
    const refused = await within(dialog).findByTestId('scale-in-refused');
    expect(refused).toHaveTextContent('The scale-in is refused (2 reasons)');
    expect(refused).not.toHaveTextContent('2 reason(s)');
    const lines = within(refused).getAllByTestId('scale-in-refusal');
    expect(lines.map((l) => l.getAttribute('data-code'))).toEqual([
      'scale-in-missing-blocks',
      'scale-in-replication',
    ]);
    expect(lines[0]).toHaveTextContent('cluster — 3 blocks are missing');
    expect(lines[0]).toHaveTextContent('Missing blocks');
    expect(lines[1]).toHaveTextContent(
      '10.77.0.13 — dfs.replication is 3, 2 DataNodes would remain',
    );
    expect(screen.queryByTestId('other-route')).not.toBeInTheDocument();
  });

  it('lets an OPERATOR check but not start', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/5/scale-in/preflight': { body: scaleInPreflightFixture },
    });
    renderPage(operatorUser);
    await pickAndCheck(['10.77.0.13']);
    await screen.findByTestId('scale-in-preflight');
    expect(screen.getByTestId('scale-in-start')).toBeDisabled();
    expect(screen.getByTestId('scale-in-start-reason')).toHaveTextContent(
      'Only an ADMIN can start a scale-in; an OPERATOR can check one.',
    );
  });

  it('says when the cluster has no installed version', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/5': { body: { ...cluster, kind: 'LOCAL', name: 'local' } },
      'GET /api/v1/clusters/5/installs': { body: [] },
    });
    renderPage();
    expect(await screen.findByTestId('scale-in-not-provisioned')).toHaveTextContent(
      'local has no installed version',
    );
    await waitFor(() => expect(screen.queryByTestId('scale-in-check')).not.toBeInTheDocument());
  });
});
