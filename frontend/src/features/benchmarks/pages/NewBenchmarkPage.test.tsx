import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import {
  benchmarkCeilingFixture,
  benchmarkPresetsFixture,
  operatorUser,
  OPERATION_ID,
  overviewFixture,
  tablePageFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { NewBenchmarkPage } from './NewBenchmarkPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/tables': { body: tablePageFixture },
  'GET /api/v1/clusters/1/benchmarks/presets': { body: benchmarkPresetsFixture },
  'GET /api/v1/clusters/1/benchmarks/ceiling': { body: benchmarkCeilingFixture },
};

function RunRoute() {
  return <div data-testid="run-route">run {useParams().runId}</div>;
}

const renderNew = (route = '/clusters/1/benchmarks/new') =>
  renderWithProviders(
    <Routes>
      <Route path="/clusters/:clusterId/benchmarks/new" element={<NewBenchmarkPage />} />
      <Route path="/clusters/:clusterId/benchmarks/runs/:runId" element={<RunRoute />} />
    </Routes>,
    { user: operatorUser, route },
  );

const form = () => screen.getByRole('form', { name: 'New benchmark' });
const field = (label: string) => within(form()).getByLabelText(label);

describe('NewBenchmarkPage', () => {
  it('fills the form from the YCSB A preset, shows its commands and launches it', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/benchmarks/runs': {
        status: 202,
        body: { seriesId: 3, runIds: [21, 22], operationId: OPERATION_ID },
      },
    });
    renderNew();
    await userEvent.click(await screen.findByRole('button', { name: 'YCSB A' }));
    expect(screen.getByRole('button', { name: 'YCSB A' })).toHaveAttribute('aria-pressed', 'true');
    expect(field('Workload')).toHaveValue('ycsb');
    expect(field('YCSB workload')).toHaveValue('A');
    expect(field('Threads')).toHaveValue(8);
    // YCSB fields only: no PE rows, no RMW hot keys.
    expect(field('Record count')).toHaveValue(100000);
    expect(within(form()).queryByLabelText('Rows')).not.toBeInTheDocument();
    expect(within(form()).queryByLabelText('Hot keys')).not.toBeInTheDocument();

    await userEvent.type(field('Table'), 'usertable');
    await userEvent.clear(field('Duration (s)'));
    await userEvent.type(field('Duration (s)'), '20');
    await userEvent.clear(field('Warm-up (s)'));
    await userEvent.type(field('Warm-up (s)'), '2');
    await userEvent.clear(field('Record count'));
    await userEvent.type(field('Record count'), '2000');
    await userEvent.clear(field('Threads'));
    await userEvent.type(field('Threads'), '2');

    const [commands, curl] = screen.getAllByTestId('shell-command');
    expect(commands).toHaveTextContent(
      'bin/ycsb run hbase2 -cp "$HBASE_CONF_DIR" -P workloads/workloada -p table=usertable -p columnfamily=<family> -p recordcount=2000',
    );
    expect(commands).toHaveTextContent(
      '-p maxexecutiontime=2 -threads 2 # warm-up: discard this report',
    );
    expect(commands).toHaveTextContent('-p maxexecutiontime=20 -p measurementtype=hdrhistogram');
    expect(curl).toHaveTextContent('curl -sS -X POST');

    await userEvent.click(screen.getByRole('button', { name: 'Launch benchmark' }));
    expect(await screen.findByTestId('run-route')).toHaveTextContent('run 21');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'YCSB A',
      repetitions: 1,
      acceptAboveCapacity: false,
      variants: [
        {
          workload: 'ycsb',
          ycsbWorkload: 'A',
          table: 'usertable',
          threads: 2,
          durationSeconds: 20,
          warmupSeconds: 2,
          recordCount: 2000,
          targetRate: 0,
        },
      ],
    });
  });

  it('shows PE fields for PE workloads and RMW fields for rmw', async () => {
    mockFetch(base);
    renderNew('/clusters/1/benchmarks/new?table=orders');
    expect(await screen.findByLabelText('Table')).toHaveValue('orders');
    expect(field('Workload')).toHaveValue('randomRead');
    expect(field('Rows')).toBeInTheDocument();
    expect(within(form()).queryByLabelText('Record count')).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Workload'), 'rmw');
    expect(field('Hot keys')).toBeInTheDocument();
    expect(within(form()).queryByLabelText('Client-side buffering')).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Workload'), 'randomWrite');
    expect(field('Client-side buffering')).toBeInTheDocument();
    expect(within(form()).queryByLabelText('Load first')).not.toBeInTheDocument();
  });

  it('checks the fields before sending, with readable messages', async () => {
    const { requests } = mockFetch(base);
    renderNew();
    await userEvent.clear(await screen.findByLabelText('Threads'));
    await userEvent.type(field('Threads'), '0');
    await userEvent.clear(field('Duration (s)'));
    await userEvent.clear(field('Repetitions'));
    await userEvent.type(field('Repetitions'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Launch benchmark' }));
    expect(screen.getByTestId('bench-form-invalid')).toHaveTextContent('Fix the 4 fields');
    expect(field('Table')).toHaveAccessibleDescription(/choose a table/);
    expect(field('Threads')).toHaveAccessibleDescription(/must be a whole number ≥ 1/);
    expect(field('Duration (s)')).toHaveAccessibleDescription(/whole number of seconds ≥ 1/);
    expect(field('Repetitions')).toHaveAccessibleDescription(/from 1 to 10/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('asks to launch anyway above the measured ceiling and sends acceptAboveCapacity', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/benchmarks/runs': {
        status: 202,
        body: { seriesId: 3, runIds: [21], operationId: OPERATION_ID },
      },
    });
    renderNew('/clusters/1/benchmarks/new?table=orders');
    await userEvent.selectOptions(await screen.findByLabelText('Loop'), 'open');
    await userEvent.type(field('Target rate (ops/s)'), '80000');
    expect(await screen.findByTestId('bench-capacity-warning')).toHaveTextContent(
      "above the cluster's measured ceiling of 50,000 ops/s",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Launch benchmark' }));
    expect(field('Launch anyway')).toHaveAccessibleDescription(/launch above the measured/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(field('Launch anyway'));
    await userEvent.click(screen.getByRole('button', { name: 'Launch benchmark' }));
    expect(await screen.findByTestId('run-route')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      acceptAboveCapacity: true,
      variants: [{ targetRate: 80000 }],
    });
  });

  it('shows server field errors on the inputs and a capacity refusal with its checkbox', async () => {
    let calls = 0;
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/ceiling': { body: { measured: false } },
      'POST /api/v1/clusters/1/benchmarks/runs': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 400,
              body: {
                type: 'about:blank',
                title: 'Invalid benchmark',
                status: 400,
                code: 'validation-failed',
                errors: [{ field: 'variants[0].table', message: 'table orders does not exist' }],
              },
            }
          : {
              // What the backend answers: the capacity rule as a field error on the rate.
              status: 400,
              body: {
                type: 'about:blank',
                title: 'Invalid request',
                status: 400,
                code: 'validation-failed',
                detail: '1 field(s) invalid',
                errors: [
                  {
                    field: 'variants[0].targetRate',
                    message:
                      '80,000 ops/s is above the measured capacity of this cluster (ceiling 50,000 ops/s)',
                  },
                ],
              },
            };
      },
    });
    renderNew('/clusters/1/benchmarks/new?table=orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Launch benchmark' }));
    await waitFor(() =>
      expect(field('Table')).toHaveAccessibleDescription(/table orders does not exist/),
    );
    await userEvent.clear(field('Table'));
    await userEvent.type(field('Table'), 'usertable');
    await userEvent.selectOptions(field('Loop'), 'open');
    await userEvent.type(field('Target rate (ops/s)'), '80000');
    await userEvent.click(screen.getByRole('button', { name: 'Launch benchmark' }));
    await waitFor(() =>
      expect(field('Target rate (ops/s)')).toHaveAccessibleDescription(
        /above the measured capacity of this cluster/,
      ),
    );
    expect(field('Launch anyway')).toBeInTheDocument();
  });
});
