import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cluster, ConfigChangePreview } from '../../../api/types';
import {
  adminUser,
  clusterConfigFixture,
  configKeysFixture,
  configPreviewFixture,
  operatorUser,
  overviewFixture,
  restartRunFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ConfigurationPage } from './ConfigurationPage';

// Many typed keystrokes: a busy two-core machine takes longer than the default 5 s.
const SLOW = { timeout: 15_000 };

const cluster: Cluster = { ...overviewFixture.cluster, id: 5, name: 'lab-a', kind: 'PROVISIONED' };

const base = {
  'GET /api/v1/clusters/5': { body: cluster },
  'GET /api/v1/clusters/5/config': { body: clusterConfigFixture },
  'GET /api/v1/config/keys': { body: configKeysFixture },
};

const renderPage = (user = adminUser) =>
  renderWithProviders(<ConfigurationPage />, {
    user,
    route: '/clusters/5/config',
    path: '/clusters/:clusterId/config',
  });

const row = (key: string) =>
  screen.getAllByTestId('config-row').find((r) => r.getAttribute('data-key') === key)!;
const value = (key: string) => within(row(key)).getByTestId('config-value');
const tab = (label: RegExp) => screen.getByRole('tab', { name: label });

async function setValue(key: string, text: string) {
  await userEvent.clear(value(key));
  if (text) await userEvent.type(value(key), text);
}

async function addKey(key: string, text: string) {
  await userEvent.click(screen.getByTestId('config-add'));
  const rows = screen.getAllByTestId('config-row');
  await userEvent.type(within(rows[rows.length - 1]!).getByTestId('config-key'), key);
  await userEvent.type(value(key), text);
}

const refused: ConfigChangePreview = {
  ...configPreviewFixture,
  ok: false,
  findings: [
    {
      code: 'invalid-override-value',
      severity: 'ERROR',
      field: 'overrides.hbase-site["hbase.regionserver.handler.count"]',
      message: 'needs at most 1000 handlers',
    },
  ],
  restarts: [],
};

describe('ConfigurationPage', () => {
  it(
    'edits values per role group with typed checks, previews, and applies after the typed name',
    SLOW,
    async () => {
      const { requests } = mockFetch({
        ...base,
        'POST /api/v1/clusters/5/config/preview': { body: configPreviewFixture },
        'POST /api/v1/clusters/5/config': {
          status: 202,
          body: { ...restartRunFixture, playbook: 'config_change' },
        },
      });
      renderPage();

      // One tab per group: cluster-wide, then the roles the cluster runs in restart order.
      await screen.findAllByTestId('config-row');
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'Cluster-wide 2',
        'RegionServer 1',
        'DataNode 0',
        'ZooKeeper 0',
        'NameNode 0',
        'HMaster 0',
      ]);
      expect(value('hbase.regionserver.handler.count')).toHaveValue('30');
      expect(row('hbase.regionserver.handler.count')).toHaveTextContent(
        'RPC handler threads per RegionServer',
      );
      expect(value('hbase.regionserver.handler.count')).toHaveAccessibleDescription(
        'whole number · 1–1000 · default 30',
      );
      expect(screen.getByTestId('config-preview-button')).toBeDisabled();
      expect(screen.getByTestId('config-preview-reason')).toHaveTextContent(
        'Nothing is edited against version 2.',
      );

      // A typed check: not a number, then more handlers.
      await setValue('hbase.regionserver.handler.count', 'sixty');
      expect(value('hbase.regionserver.handler.count')).toHaveAccessibleDescription(
        'must be a whole number',
      );
      expect(screen.getByTestId('config-preview-button')).toBeDisabled();
      expect(screen.getByTestId('config-preview-reason')).toHaveTextContent(
        'Fix the value marked in red first.',
      );
      await setValue('hbase.regionserver.handler.count', '60');
      expect(screen.getByTestId('config-preview-button')).toBeEnabled();
      expect(tab(/^Cluster-wide/)).toHaveTextContent('edited');

      // The RegionServers' group: a new value, an unknown key, a known size with its file.
      await userEvent.click(tab(/^RegionServer/));
      await setValue('hfile.block.cache.size', '0.5');
      await addKey('hbase.custom.knob', 'on');
      expect(row('hbase.custom.knob')).toHaveAttribute('data-known', 'false');
      expect(within(row('hbase.custom.knob')).getByTestId('config-row-warning')).toHaveTextContent(
        'Unknown key Not a key Granary knows: written into hbase-site as given, without a check.',
      );
      await addKey('hbase.hregion.memstore.flush.size', '512k');
      expect(
        within(row('hbase.hregion.memstore.flush.size')).getByTestId('config-file'),
      ).toBeDisabled();
      expect(
        within(row('hbase.hregion.memstore.flush.size')).getByTestId('config-row-error'),
      ).toHaveTextContent('must be at least 1.0 MiB');
      await setValue('hbase.hregion.memstore.flush.size', '256m');
      // A key only the NameNodes read does nothing in the RegionServers' files.
      await addKey('dfs.permissions.enabled', 'x');
      expect(value('dfs.permissions.enabled').tagName).toBe('SELECT');
      await userEvent.selectOptions(value('dfs.permissions.enabled'), 'false');
      expect(
        within(row('dfs.permissions.enabled')).getByTestId('config-row-warning'),
      ).toHaveTextContent('RegionServer does not read dfs.permissions.enabled (NameNode does)');
      await userEvent.click(
        within(row('dfs.permissions.enabled')).getByRole('button', {
          name: 'Remove dfs.permissions.enabled',
        }),
      );
      expect(tab(/^RegionServer/)).toHaveTextContent('RegionServer 3 edited');

      await userEvent.click(screen.getByTestId('config-preview-button'));
      const preview = await screen.findByTestId('config-preview');
      expect(requests.find((r) => r.path.endsWith('/config/preview'))?.body).toEqual({
        overrides: {
          'hbase-site': { 'hbase.regionserver.handler.count': '60' },
          'hdfs-site': { 'dfs.replication': '3' },
        },
        roleOverrides: {
          regionserver: {
            'hbase-site': {
              'hbase.custom.knob': 'on',
              'hbase.hregion.memstore.flush.size': '256m',
              'hfile.block.cache.size': '0.5',
            },
          },
        },
        batchSize: 1,
      });
      expect(within(preview).getByTestId('config-verdict')).toHaveTextContent(
        '3 keys change; 2 restart steps after the files are written. Read the warning first.',
      );
      const warning = within(preview).getByTestId('config-finding');
      expect(warning).toHaveTextContent('Unknown key');
      expect(warning).toHaveTextContent('RegionServer · hbase-site · hbase.custom.knob');
      // The backend's word replaces the local warning beside the row.
      expect(within(row('hbase.custom.knob')).getByTestId('config-row-finding')).toHaveTextContent(
        'Unknown key: not a key Granary knows; written as given',
      );
      expect(within(row('hbase.custom.knob')).queryByTestId('config-row-warning')).toBeNull();
      expect(within(preview).getAllByTestId('config-restart-step')).toHaveLength(2);
      expect(screen.getByRole('figure', { name: 'Ansible equivalent' })).toHaveTextContent(
        `install.yml -e granary_defer_restarts=true ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=regionserver -e '{"rolling_restart_hosts":["lab1","lab2"]}'`,
      );

      await userEvent.clear(screen.getByLabelText('Batch size'));
      await userEvent.type(screen.getByLabelText('Batch size'), '2');
      await userEvent.click(screen.getByTestId('config-apply'));
      const dialog = screen.getByRole('dialog', { name: 'Apply the change to lab-a?' });
      expect(dialog).toHaveTextContent('written as version 3');
      const confirm = within(dialog).getByRole('button', { name: 'Apply change' });
      expect(confirm).toBeDisabled();
      await userEvent.type(
        within(dialog).getByLabelText('Type the cluster name to confirm'),
        'lab-a',
      );
      await userEvent.click(confirm);
      await screen.findByTestId('other-route');
      const applied = requests.find(
        (r) => r.method === 'POST' && r.path === '/api/v1/clusters/5/config',
      );
      expect(applied?.body).toMatchObject({ batchSize: 2, confirm: 'lab-a' });
    },
  );

  it(
    'keeps Apply closed while the preview has errors or is stale, and puts a refusal beside its rows',
    SLOW,
    async () => {
      let previews = 0;
      mockFetch({
        ...base,
        'POST /api/v1/clusters/5/config/preview': () => ({
          body: ++previews === 1 ? refused : configPreviewFixture,
        }),
        'POST /api/v1/clusters/5/config': {
          status: 400,
          body: {
            type: 'https://granary.io/problems/validation-failed',
            title: 'The request has invalid fields',
            status: 400,
            code: 'validation-failed',
            errors: [
              {
                field: 'roleOverrides.regionserver.hbase-site["hfile.block.cache.size"]',
                message: 'cache-fractions-too-large: block cache 0.5 + memstore 0.4 leave no heap',
              },
            ],
          },
        },
      });
      renderPage();
      await screen.findAllByTestId('config-row');
      await setValue('hbase.regionserver.handler.count', '999');
      await userEvent.click(screen.getByTestId('config-preview-button'));
      expect(await screen.findByTestId('config-verdict')).toHaveTextContent(
        'The change is refused: 1 error below.',
      );
      expect(screen.getByTestId('config-apply')).toBeDisabled();
      expect(screen.getByTestId('config-apply-reason')).toHaveTextContent(
        'The preview has errors: fix them and preview again.',
      );
      expect(
        within(row('hbase.regionserver.handler.count')).getByTestId('config-row-finding'),
      ).toHaveTextContent('Invalid value: needs at most 1000 handlers');

      // Edited after the preview: stale until asked again.
      await setValue('hbase.regionserver.handler.count', '60');
      expect(screen.getByTestId('config-preview-stale')).toBeInTheDocument();
      expect(screen.getByTestId('config-apply-reason')).toHaveTextContent(
        'The values changed since the preview: preview again.',
      );
      await userEvent.click(screen.getByTestId('config-preview-button'));
      await screen.findByText(/3 keys change/);
      expect(screen.getByTestId('config-apply')).toBeEnabled();

      await userEvent.click(screen.getByTestId('config-apply'));
      const dialog = screen.getByRole('dialog');
      await userEvent.type(
        within(dialog).getByLabelText('Type the cluster name to confirm'),
        'lab-a',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply change' }));
      const refusal = await screen.findByTestId('config-apply-refused');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(refusal).getByTestId('config-apply-finding')).toHaveTextContent(
        'RegionServer · hbase-site · hfile.block.cache.size — block cache 0.5 + memstore 0.4 leave no heap',
      );
      expect(within(refusal).getByTestId('config-apply-finding')).toHaveTextContent(
        'cache-fractions-too-large',
      );
      await userEvent.click(tab(/^RegionServer/));
      expect(
        within(row('hfile.block.cache.size')).getByTestId('config-row-finding'),
      ).toHaveTextContent('Caches too large: block cache 0.5 + memstore 0.4 leave no heap');
    },
  );

  it('starts the restarts a stopped change left pending as a restart of only what changed', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/5/config': {
        body: {
          ...clusterConfigFixture,
          pendingRestarts: [{ seq: 1, role: 'regionserver', hosts: ['lab3', 'lab4'] }],
        },
      },
      'POST /api/v1/clusters/5/rolling-restart': { status: 202, body: restartRunFixture },
    });
    renderPage();
    const pending = await screen.findByTestId('config-pending');
    expect(within(pending).getByTestId('config-pending-step')).toHaveTextContent(
      'RegionServerlab3, lab4',
    );
    expect(within(pending).getByRole('link', { name: 'preview it first' })).toHaveAttribute(
      'href',
      '/clusters/5/rolling-restart?onlyChanged=true',
    );
    await userEvent.click(within(pending).getByTestId('config-restart-pending'));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText('Type the cluster name to confirm'),
      'lab-a',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start rolling restart' }));
    await screen.findByTestId('other-route');
    expect(requests.find((r) => r.path.endsWith('/rolling-restart'))?.body).toEqual({
      onlyChanged: true,
      batchSize: 1,
      confirm: 'lab-a',
    });
  });

  it('lets an OPERATOR preview but not apply', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/5/config/preview': { body: configPreviewFixture },
    });
    renderPage(operatorUser);
    await screen.findAllByTestId('config-row');
    await setValue('hbase.regionserver.handler.count', '60');
    await userEvent.click(screen.getByTestId('config-preview-button'));
    await screen.findByTestId('config-preview');
    expect(screen.getByTestId('config-apply')).toBeDisabled();
    expect(screen.getByTestId('config-apply-reason')).toHaveTextContent(
      'Only an ADMIN can apply a change; an OPERATOR can preview one.',
    );
  });

  it('shows a VIEWER the values read-only', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/5/config': {
        body: {
          ...clusterConfigFixture,
          pendingRestarts: [{ seq: 1, role: 'datanode', hosts: ['lab2'] }],
        },
      },
    });
    renderPage(viewerUser);
    await screen.findAllByTestId('config-row');
    expect(screen.getByTestId('config-read-only')).toBeInTheDocument();
    expect(value('hbase.regionserver.handler.count')).toBeDisabled();
    expect(screen.queryByTestId('config-add')).not.toBeInTheDocument();
    expect(screen.getByTestId('config-preview-button')).toBeDisabled();
    expect(screen.getByTestId('config-preview-reason')).toHaveTextContent(
      'An OPERATOR or ADMIN previews a change.',
    );
    expect(screen.getByTestId('config-restart-pending')).toHaveAccessibleDescription(
      'An ADMIN starts the pending restarts.',
    );
  });
});
