import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EcPolicies } from '../../../api/types';
import {
  adminUser,
  ecConversionFixture,
  ecDirectoryFixture,
  ecPoliciesFixture,
  ecReportFixture,
  operationFixture,
  operatorUser,
  overviewFixture,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ErasureCodingPage } from './ErasureCodingPage';

const EC = '/api/v1/clusters/1/erasure-coding';
const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  [`GET ${EC}/policies`]: { body: ecPoliciesFixture },
  [`GET ${EC}/directories`]: { body: ecDirectoryFixture },
  [`GET ${EC}/report`]: { body: ecReportFixture },
  [`GET ${EC}/conversions`]: { body: [ecConversionFixture] },
};

const renderPage = (route = '/clusters/1/erasure-coding', user = adminUser) =>
  renderWithProviders(<ErasureCodingPage />, {
    user,
    route,
    path: '/clusters/:clusterId/erasure-coding',
  });

const policyRow = async (name: string) => {
  const rows = await screen.findAllByTestId('ec-policy-row');
  return rows.find((r) => r.getAttribute('data-name') === name)!;
};

/** Every button's accessible name, bar the copy buttons of shell commands. */
const mutatingButtons = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '')
    .filter((name) => !name.startsWith('Copy'));

describe('ErasureCodingPage: policies', () => {
  it('shows the topology, the coder and each policy with overhead, fit and shell line', async () => {
    mockFetch(base);
    renderPage();
    expect(await screen.findByTestId('ec-topology-datanodes')).toHaveTextContent('5');
    expect(screen.getByTestId('ec-topology-racks')).toHaveTextContent('1');
    expect(screen.getByTestId('ec-coder')).toHaveTextContent('ISA-L native');

    const rs32 = await policyRow('RS-3-2-1024k');
    expect(rs32).toHaveAttribute('data-state', 'DISABLED');
    expect(rs32).toHaveTextContent('3 data + 2 parity');
    expect(rs32).toHaveTextContent('1 MiB');
    expect(within(rs32).getByTestId('ec-policy-overhead')).toHaveTextContent('1.67×');
    expect(within(rs32).getByTestId('ec-policy-fits')).toHaveAttribute('data-fits', 'true');
    expect(within(rs32).getByTestId('shell-command')).toHaveTextContent(
      'hdfs ec -enablePolicy -policy RS-3-2-1024k',
    );
    const rs63 = await policyRow('RS-6-3-1024k');
    expect(within(rs63).getByTestId('ec-policy-fits')).toHaveTextContent(
      '✗ too few nodesneeds 9 live DataNodes, the cluster has 5',
    );
    expect(within(rs63).getByRole('button', { name: 'Disable RS-6-3-1024k' })).toBeEnabled();
    expect(within(rs63).getByTestId('shell-command')).toHaveTextContent(
      'hdfs ec -disablePolicy -policy RS-6-3-1024k',
    );

    const nav = screen.getByRole('navigation', { name: 'Cluster' });
    expect(within(nav).getByRole('link', { name: 'Erasure coding' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding',
    );
  });

  it('enables a policy as ADMIN and shows it ENABLED', async () => {
    let enabled = false;
    const policies = (): EcPolicies => ({
      ...ecPoliciesFixture,
      policies: ecPoliciesFixture.policies.map((p) =>
        p.name === 'RS-3-2-1024k' && enabled
          ? { ...p, state: 'ENABLED', shellCommand: 'hdfs ec -disablePolicy -policy RS-3-2-1024k' }
          : p,
      ),
    });
    const { requests } = mockFetch({
      ...base,
      [`GET ${EC}/policies`]: () => ({ body: policies() }),
      [`POST ${EC}/policies/RS-3-2-1024k/enable`]: () => {
        enabled = true;
        return { body: policies().policies[1] };
      },
    });
    renderPage();
    const row = await policyRow('RS-3-2-1024k');
    await userEvent.click(within(row).getByRole('button', { name: 'Enable RS-3-2-1024k' }));
    await waitFor(async () =>
      expect(await policyRow('RS-3-2-1024k')).toHaveAttribute('data-state', 'ENABLED'),
    );
    expect(
      within(await policyRow('RS-3-2-1024k')).getByRole('button', { name: /^Disable/ }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${EC}/policies/RS-3-2-1024k/enable`,
    ]);
  });

  it('shows why an enable was refused next to the policy', async () => {
    mockFetch({
      ...base,
      [`POST ${EC}/policies/RS-3-2-1024k/enable`]: {
        status: 409,
        body: {
          title: 'Topology insufficient',
          status: 409,
          code: 'ec-topology-insufficient',
          detail: 'RS-3-2-1024k needs 5 live DataNodes; 4 are live.',
        },
      },
    });
    renderPage();
    const row = await policyRow('RS-3-2-1024k');
    await userEvent.click(within(row).getByRole('button', { name: 'Enable RS-3-2-1024k' }));
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent('Could not enable RS-3-2-1024k');
    expect(alert).toHaveTextContent('RS-3-2-1024k needs 5 live DataNodes; 4 are live.');
    expect(alert).toHaveTextContent('ec-topology-insufficient');
    expect(row).toHaveAttribute('data-state', 'DISABLED');
  });

  it('gives an OPERATOR and a VIEWER the policies without Enable or Disable', async () => {
    mockFetch(base);
    renderPage('/clusters/1/erasure-coding', operatorUser);
    expect(await policyRow('RS-3-2-1024k')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Enable|Disable)/ })).not.toBeInTheDocument();
  });
});

describe('ErasureCodingPage: directories', () => {
  const route = '/clusters/1/erasure-coding?tab=directories&path=%2Fdata%2Farchive';

  it('browses a directory: path, effective policy, children, warnings and shell commands', async () => {
    const { requests } = mockFetch(base);
    renderPage(route);
    expect(await screen.findByTestId('ec-dir-policy')).toHaveTextContent('3× replication');
    expect(screen.getByTestId('ec-dir-inherited')).toHaveTextContent('inherited from a parent');
    expect(requests.some((r) => r.path === `${EC}/directories?path=%2Fdata%2Farchive`)).toBe(true);

    const crumbs = screen.getByRole('navigation', { name: 'HDFS path' });
    expect(within(crumbs).getByRole('link', { name: '/' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=directories&path=%2F',
    );
    expect(within(crumbs).getByRole('link', { name: 'data' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=directories&path=%2Fdata',
    );
    expect(within(crumbs).getByText('archive')).toHaveAttribute('aria-current', 'page');

    const rows = screen.getAllByTestId('ec-dir-child');
    expect(rows.map((r) => r.getAttribute('data-name'))).toEqual(['2024', 'index.bin']);
    expect(within(rows[0]!).getByRole('link', { name: '2024/' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=directories&path=%2Fdata%2Farchive%2F2024',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Savings report' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=report&path=%2Fdata%2Farchive%2F2024',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Convert…' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=conversions&path=%2Fdata%2Farchive%2F2024',
    );
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('300.0 MiB');
    expect(screen.getByTestId('ec-warning')).toHaveTextContent(
      '12 files are smaller than one cell',
    );
    expect(screen.getByText(/hdfs ec -getPolicy -path \/data\/archive/)).toBeInTheDocument();
  });

  it('shows the setPolicy line before sending, then sets the policy', async () => {
    const after = { ...ecDirectoryFixture, policy: 'RS-6-3-1024k', inherited: false };
    let set = false;
    const { requests } = mockFetch({
      ...base,
      [`GET ${EC}/directories`]: () => ({ body: set ? after : ecDirectoryFixture }),
      [`PUT ${EC}/directories`]: () => {
        set = true;
        return { body: after };
      },
    });
    renderPage(route);
    const form = await screen.findByRole('form', { name: 'Directory policy' });
    const select = within(form).getByLabelText('New policy');
    // Enabled policies and replication only: RS-3-2-1024k is disabled.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'RS-6-3-1024k', 'XOR-2-1-1024k', 'replication']);
    expect(within(form).getByRole('button', { name: 'Set policy' })).toBeDisabled();
    // Inherited: nothing to unset here.
    expect(within(form).queryByRole('button', { name: 'Unset policy' })).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'replication');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      'hdfs ec -setPolicy -path /data/archive -replicate',
    );
    await userEvent.selectOptions(select, 'RS-6-3-1024k');
    expect(within(form).getByTestId('shell-command')).toHaveTextContent(
      'hdfs ec -setPolicy -path /data/archive -policy RS-6-3-1024k',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Set policy' }));

    await waitFor(() =>
      expect(screen.getByTestId('ec-dir-policy')).toHaveTextContent('RS-6-3-1024k'),
    );
    expect(screen.getByTestId('ec-dir-inherited')).toHaveTextContent('set here');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`${EC}/directories?path=%2Fdata%2Farchive`);
    expect(put.body).toEqual({ policy: 'RS-6-3-1024k' });
  });

  it('unsets a policy set here by sending no policy', async () => {
    const { requests } = mockFetch({
      ...base,
      [`GET ${EC}/directories`]: {
        body: { ...ecDirectoryFixture, policy: 'XOR-2-1-1024k', inherited: false },
      },
      [`PUT ${EC}/directories`]: { body: ecDirectoryFixture },
    });
    renderPage(route);
    const form = await screen.findByRole('form', { name: 'Directory policy' });
    expect(within(form).getAllByTestId('shell-command')[1]).toHaveTextContent(
      'hdfs ec -unsetPolicy -path /data/archive',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Unset policy' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({});
  });

  it('shows why HDFS refused a protected path inline', async () => {
    mockFetch({
      ...base,
      [`GET ${EC}/directories`]: {
        body: { ...ecDirectoryFixture, path: '/hbase/WALs', name: 'WALs', protected: true },
      },
      [`PUT ${EC}/directories`]: {
        status: 400,
        body: {
          title: 'Protected path',
          status: 400,
          code: 'ec-protected-path',
          detail: '/hbase/WALs holds HBase write-ahead logs, which need hflush: no EC there.',
        },
      },
    });
    renderPage('/clusters/1/erasure-coding?tab=directories&path=%2Fhbase%2FWALs');
    const form = await screen.findByRole('form', { name: 'Directory policy' });
    expect(screen.getAllByTestId('ec-protected').length).toBeGreaterThan(0);
    await userEvent.selectOptions(within(form).getByLabelText('New policy'), 'XOR-2-1-1024k');
    await userEvent.click(within(form).getByRole('button', { name: 'Set policy' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Could not change the policy');
    expect(alert).toHaveTextContent('which need hflush: no EC there.');
  });

  it('gives a VIEWER the browser without any policy change or Convert', async () => {
    mockFetch(base);
    renderPage(route, viewerUser);
    expect(await screen.findAllByTestId('ec-dir-child')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Directory policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Convert…' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Savings report' }).length).toBeGreaterThan(0);
    expect(mutatingButtons()).toEqual([]);
  });
});

describe('ErasureCodingPage: savings report', () => {
  it('shows the recommendation, the histogram and the cost of every layout', async () => {
    const { requests } = mockFetch(base);
    renderPage('/clusters/1/erasure-coding?tab=report&path=%2Fdata%2Farchive');
    const recommendation = await screen.findByTestId('ec-report-recommendation');
    expect(recommendation).toHaveAttribute('data-layout', 'RS-3-2-1024k');
    expect(recommendation).toHaveTextContent('RS-6-3-1024k does not fit 5 DataNodes.');
    expect(within(recommendation).getByRole('link', { name: /Convert/ })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding?tab=conversions&path=%2Fdata%2Farchive&policy=RS-3-2-1024k',
    );
    expect(requests.some((r) => r.path === `${EC}/report?path=%2Fdata%2Farchive`)).toBe(true);

    expect(screen.getByTestId('ec-report-histogram')).toBeInTheDocument();
    expect(
      screen.getAllByTestId('ec-report-bucket').map((b) => b.getAttribute('data-files')),
    ).toEqual(['6', '10', '4']);
    expect(screen.getByTestId('ec-report-current-raw')).toHaveTextContent('900.0 MiB');

    const layouts = screen.getAllByTestId('ec-report-layout-row');
    expect(layouts.map((l) => l.getAttribute('data-layout'))).toEqual([
      'current',
      'RS-6-3-1024k',
      'RS-3-2-1024k',
      'replication',
    ]);
    expect(layouts[2]).toHaveTextContent('recommended');
    expect(layouts[2]).toHaveTextContent('510.0 MiB');
    expect(layouts[2]).toHaveTextContent('-390.0 MiB');
    expect(layouts[2]).toHaveTextContent('1.7×');
    expect(screen.getByTestId('ec-warning')).toHaveTextContent(
      '6 files are smaller than one cell.',
    );
  });

  it('says nothing to do, and offers no conversion, when the layout in place is the cheapest', async () => {
    mockFetch({
      ...base,
      [`GET ${EC}/report`]: {
        body: {
          ...ecReportFixture,
          openFiles: 2,
          openBytes: 158 * 1024,
          recommendation: {
            layout: 'current',
            action: 'NONE',
            reason: 'nothing to do: all 12 files are already stored as RS-3-2-1024k',
          },
        },
      },
    });
    renderPage('/clusters/1/erasure-coding?tab=report&path=%2Fdata%2Farchive');
    const recommendation = await screen.findByTestId('ec-report-recommendation');
    expect(recommendation).toHaveTextContent('nothing to do — keep the current layout');
    expect(recommendation).toHaveTextContent('already stored as RS-3-2-1024k');
    expect(within(recommendation).queryByRole('link')).not.toBeInTheDocument();
  });

  it('warns instead of offering a conversion when the recommended policy does not fit', async () => {
    mockFetch({
      ...base,
      [`GET ${EC}/report`]: {
        body: {
          ...ecReportFixture,
          recommendation: {
            layout: 'RS-6-3-1024k',
            action: 'CONVERT',
            reason: 'RS-6-3-1024k stores these in less.',
          },
        },
      },
    });
    renderPage('/clusters/1/erasure-coding?tab=report&path=%2Fdata%2Farchive');
    const recommendation = await screen.findByTestId('ec-report-recommendation');
    expect(await within(recommendation).findByTestId('ec-report-misfit')).toHaveTextContent(
      'But RS-6-3-1024k does not fit this cluster: needs 9 live DataNodes, the cluster has 5.',
    );
    expect(within(recommendation).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for a directory, then reports on the one entered', async () => {
    const { requests } = mockFetch(base);
    renderPage('/clusters/1/erasure-coding?tab=report');
    expect(screen.getByText(/Enter a directory/)).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith(`${EC}/report`))).toBe(false);
    await userEvent.type(screen.getByLabelText('Directory'), 'data//archive/');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByTestId('ec-report')).toHaveAttribute('data-path', '/data/archive');
    expect(requests.some((r) => r.path === `${EC}/report?path=%2Fdata%2Farchive`)).toBe(true);
  });
});

describe('ErasureCodingPage: conversions', () => {
  const route = '/clusters/1/erasure-coding?tab=conversions&path=%2Fdata%2Farchive';
  const started = {
    operation: operationFixture({ type: 'EC_CONVERSION', target: '/data/archive' }),
    conversion: { ...ecConversionFixture, id: 6 },
  };

  it('lists conversions with progress and reclaimed bytes', async () => {
    mockFetch(base);
    renderPage(route, viewerUser);
    const row = await screen.findByTestId('ec-conversion-row');
    expect(row).toHaveAttribute('data-state', 'RUNNING');
    expect(row).toHaveTextContent('/data/archive');
    expect(row).toHaveTextContent('9 of 20 files converted · 1 failed');
    expect(row).toHaveTextContent('200.0 MiB');
    expect(within(row).getByRole('link', { name: '#5' })).toHaveAttribute(
      'href',
      '/clusters/1/erasure-coding/conversions/5',
    );
    // A VIEWER gets no convert form.
    expect(screen.queryByRole('form', { name: 'Convert a directory' })).not.toBeInTheDocument();
    expect(mutatingButtons()).toEqual([]);
  });

  it('keeps Start conversion disabled until the path is typed exactly, then starts it', async () => {
    const { requests } = mockFetch({
      ...base,
      [`POST ${EC}/conversions`]: { status: 202, body: started },
    });
    renderPage(route, operatorUser);
    const form = await screen.findByRole('form', { name: 'Convert a directory' });
    expect(within(form).getByLabelText('Directory')).toHaveValue('/data/archive');
    await within(form).findByRole('option', { name: /^RS-6-3-1024k/ });
    expect(within(form).getByLabelText('Throttle (MiB/s)')).toHaveValue(0);
    await userEvent.selectOptions(within(form).getByLabelText('Policy'), 'RS-6-3-1024k');

    expect(await within(form).findByTestId('ec-convert-prediction')).toHaveTextContent(
      'Raw bytes 900.0 MiB now → 480.0 MiB predicted under RS-6-3-1024k (reclaims 420.0 MiB).',
    );
    const shell = within(form).getByTestId('shell-command');
    expect(shell).toHaveTextContent('hdfs ec -setPolicy -path /data/archive -policy RS-6-3-1024k');
    expect(shell).toHaveTextContent('hdfs dfs -cp -p "$f" "$f.ec-tmp"');

    const submit = within(form).getByRole('button', { name: 'Start conversion' });
    const confirm = within(form).getByLabelText('Type the path to confirm');
    expect(submit).toBeDisabled();
    await userEvent.type(confirm, '/data/archiv');
    expect(submit).toBeDisabled();
    await userEvent.type(confirm, 'e/');
    expect(submit).toBeDisabled();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, '/data/archive');
    expect(submit).toBeEnabled();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(submit);
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      path: '/data/archive',
      policy: 'RS-6-3-1024k',
      throttleMbPerSecond: 0,
      confirm: '/data/archive',
    });
  });

  it('prefills the policy from a report and shows a refusal with its detail', async () => {
    mockFetch({
      ...base,
      [`POST ${EC}/conversions`]: {
        status: 409,
        body: {
          title: 'Conflict',
          status: 409,
          code: 'ec-conversion-running',
          detail: 'Conversion #5 of /data/archive is still running.',
        },
      },
    });
    renderPage(`${route}&policy=XOR-2-1-1024k`);
    const form = await screen.findByRole('form', { name: 'Convert a directory' });
    await waitFor(() => expect(within(form).getByLabelText('Policy')).toHaveValue('XOR-2-1-1024k'));
    await userEvent.type(within(form).getByLabelText('Type the path to confirm'), '/data/archive');
    await userEvent.click(within(form).getByRole('button', { name: 'Start conversion' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Could not start the conversion');
    expect(alert).toHaveTextContent('Conversion #5 of /data/archive is still running.');
  });
});
