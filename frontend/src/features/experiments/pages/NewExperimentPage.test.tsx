import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router';
import {
  experimentKindsFixture,
  operatorUser,
  OPERATION_ID,
  overviewFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { NewExperimentPage } from './NewExperimentPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/experiments': { body: experimentKindsFixture },
};

const launched = { seriesId: 40, runIds: [401, 402], operationId: OPERATION_ID };

/** The server's plan: one variant per coder × thread count, as ec-coder plans it. */
const plan = (r: { body: unknown }) => {
  const b = r.body as { repetitions: number; params: { coders: string[]; threads: number[] } };
  const variants = b.params.coders.length * b.params.threads.length;
  return {
    body: {
      experiment: 'ec-coder',
      variants,
      repetitions: b.repetitions,
      runs: variants * b.repetitions,
      scratch: false,
      command: 'granary-node ec-coder',
    },
  };
};
const isLaunch = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path === '/api/v1/clusters/1/experiments';

function SeriesRoute() {
  const warnings = (useLocation().state as { warnings?: string[] } | null)?.warnings ?? [];
  return (
    <div data-testid="series-route">
      series {useParams().seriesId} {warnings.join(' ')}
    </div>
  );
}

const renderNew = (route = '/clusters/1/experiments/new?kind=ec-coder') =>
  renderWithProviders(
    <Routes>
      <Route path="/clusters/:clusterId/experiments/new" element={<NewExperimentPage />} />
      <Route path="/clusters/:clusterId/experiments/:seriesId" element={<SeriesRoute />} />
    </Routes>,
    { user: operatorUser, route },
  );

const form = () => screen.getByRole('form', { name: 'New Erasure coder throughput run' });
const field = (label: string) => within(form()).getByLabelText(label);
const group = (name: string) => within(form()).getByRole('group', { name });
const launch = () => userEvent.click(screen.getByRole('button', { name: 'Launch experiment' }));

describe('NewExperimentPage', () => {
  it("fills the kind's params from its defaults, shows its command and launches it", async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/experiments': {
        status: 202,
        body: { ...launched, warnings: ['The host has AVX2, not AVX-512.'] },
      },
      'POST /api/v1/clusters/1/experiment-plans': plan,
    });
    renderNew();
    expect(
      await screen.findByRole('heading', { name: 'New run: Erasure coder throughput' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Experiment' })).toHaveValue('ec-coder');
    expect(screen.getByTestId('experiment-about')).toHaveTextContent('seed 003 · Figure 2');
    expect(within(group('Codecs')).getByLabelText('RS-3-2')).toBeChecked();
    expect(within(group('Codecs')).getByLabelText('RS-6-3')).toBeChecked();
    expect(within(group('Codecs')).getByLabelText('RS-10-4')).not.toBeChecked();
    expect(field('Threads')).toHaveValue('1, 2, 4');
    expect(field('Threads')).toHaveAccessibleDescription(/\(1–64\) · comma-separated/);
    expect(field('Cell sizes')).toHaveValue('1024');
    expect(field('Data per run')).toHaveValue(512);
    expect(field('Data per run')).toHaveAccessibleDescription(/\(8–4096 MiB\)/);
    expect(field('Repetitions')).toHaveValue(1);

    const [command, curl] = screen.getAllByTestId('shell-command');
    expect(command).toHaveTextContent(
      'granary-node ec-coder --schema RS-6-3 --coder isa-l --threads 1 --cell-kib 1024 --mb 512',
    );
    expect(screen.getByRole('button', { name: 'Copy command-line equivalent' })).toBeVisible();
    expect(curl).toHaveTextContent('curl -sS -X POST');
    expect(curl).toHaveTextContent('/api/v1/clusters/1/experiments');

    // Reduced size fills the seconds-scale params over the defaults.
    await userEvent.click(screen.getByRole('button', { name: 'Reduced size' }));
    expect(within(group('Codecs')).getByLabelText('RS-6-3')).not.toBeChecked();
    expect(field('Threads')).toHaveValue('1');
    expect(field('Data per run')).toHaveValue(32);
    expect(curl).toHaveTextContent('"threads":[1]');

    await userEvent.click(within(group('Coders')).getByLabelText('java'));
    await userEvent.type(field('Name'), 'quick look');
    await userEvent.clear(field('Repetitions'));
    await userEvent.type(field('Repetitions'), '2');
    // the server's count of what would run, before launching
    await waitFor(() =>
      expect(screen.getByTestId('experiment-plan')).toHaveTextContent(
        '1 variant × 2 repetitions = 2 runs',
      ),
    );
    await launch();

    expect(await screen.findByTestId('series-route')).toHaveTextContent(
      'series 40 The host has AVX2, not AVX-512.',
    );
    const post = requests.find(isLaunch)!;
    expect(post.body).toEqual({
      experiment: 'ec-coder',
      name: 'quick look',
      repetitions: 2,
      params: {
        schemas: ['RS-3-2'],
        coders: ['isa-l'],
        threads: [1],
        cellsKib: [1024],
        mb: 32,
      },
    });
  });

  it('checks the params before sending, with readable messages beside them', async () => {
    const { requests } = mockFetch(base);
    renderNew();
    await userEvent.clear(await screen.findByLabelText('Threads'));
    await userEvent.type(field('Threads'), '0,x');
    await userEvent.click(within(group('Codecs')).getByLabelText('RS-3-2'));
    await userEvent.click(within(group('Codecs')).getByLabelText('RS-6-3'));
    await userEvent.clear(field('Repetitions'));
    await userEvent.type(field('Repetitions'), '9');
    await launch();
    expect(screen.getByTestId('experiment-form-invalid')).toHaveTextContent('Fix the 3 fields');
    expect(field('Threads')).toHaveAccessibleDescription(
      /0 is below the minimum of 1; "x" is not a whole number/,
    );
    expect(field('Threads')).toHaveAttribute('aria-invalid', 'true');
    expect(group('Codecs')).toHaveAccessibleDescription(/tick at least one/);
    expect(field('Repetitions')).toHaveAccessibleDescription(/from 1 to 5/);
    expect(requests.some(isLaunch)).toBe(false);
    expect(screen.getByTestId('experiment-plan')).toHaveTextContent(
      'The run count appears once every field is valid.',
    );
    // the API equivalent shows the list as typed, not null
    expect(screen.getAllByTestId('shell-command')[1]).toHaveTextContent('"threads":"0,x"');

    // Fixed, the message goes at once.
    await userEvent.clear(field('Threads'));
    await userEvent.type(field('Threads'), '1, 2');
    expect(field('Threads')).not.toHaveAccessibleDescription(/not a whole number/);
    expect(screen.getByTestId('experiment-form-invalid')).toHaveTextContent('Fix the 2 fields');
  });

  it('says before launch why the server would refuse it', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/1/experiment-plans': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'invalid-request',
          errors: [
            {
              field: 'params.budgetMinutes',
              message: 'the design has 648 runs, over the 5-minute budget',
            },
          ],
        },
      },
    });
    renderNew();
    await waitFor(() =>
      expect(screen.getByTestId('experiment-plan')).toHaveTextContent(
        'The server would refuse this launch: the design has 648 runs, over the 5-minute budget',
      ),
    );
  });

  it("shows the server's field errors beside their inputs", async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/1/experiments': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          detail: '2 field(s) invalid',
          errors: [
            { field: 'params.threads', message: 'at most 8 threads on this host (8 cores)' },
            { field: 'params.cellsKib[0]', message: 'not a cell size of RS-3-2' },
          ],
        },
      },
    });
    renderNew();
    await screen.findByLabelText('Threads');
    await launch();
    await waitFor(() =>
      expect(field('Threads')).toHaveAccessibleDescription(/at most 8 threads on this host/),
    );
    expect(field('Cell sizes')).toHaveAccessibleDescription(/not a cell size of RS-3-2/);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not launch the experiment');
  });

  it('shows a conflict with its detail (another series running, sizes beyond free space)', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/1/experiments': {
        status: 409,
        body: {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'benchmark-running',
          detail: 'Series #32 (dfsio 1 writer) is running on this cluster; one series at a time.',
        },
      },
    });
    renderNew();
    await screen.findByLabelText('Threads');
    await launch();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not launch the experiment');
    expect(alert).toHaveTextContent('Series #32 (dfsio 1 writer) is running on this cluster');
    expect(alert).toHaveTextContent('code benchmark-running');
    expect(screen.queryByTestId('series-route')).not.toBeInTheDocument();
  });

  it('offers the catalog without a kind, and says so for one the server does not offer', async () => {
    mockFetch(base);
    renderNew('/clusters/1/experiments/new?kind=nope');
    expect(await screen.findByTestId('experiment-unknown')).toHaveTextContent(
      'The server offers no experiment "nope"',
    );
    expect(screen.queryByRole('button', { name: 'Launch experiment' })).not.toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Experiment' }),
      'small-files',
    );
    expect(
      await screen.findByRole('form', { name: 'New Block objects of small files run' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('File sizes')).toHaveValue('512, 1024, 3072');
  });
});
