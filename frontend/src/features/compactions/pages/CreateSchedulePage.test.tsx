import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  compactionScheduleFixture,
  overviewFixture,
  tablePageFixture,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { CreateSchedulePage } from './CreateSchedulePage';
import { EditSchedulePage } from './EditSchedulePage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/tables': { body: tablePageFixture },
};

const renderCreate = () =>
  renderWithProviders(<CreateSchedulePage />, {
    user: adminUser,
    route: '/clusters/1/compactions/schedules/new',
    path: '/clusters/:clusterId/compactions/schedules/new',
  });

describe('CreateSchedulePage', () => {
  it('starts from the defaults and sends every field of the schedule', async () => {
    const { requests } = mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions/schedules': {
        status: 201,
        body: compactionScheduleFixture,
      },
    });
    renderCreate();
    const form = screen.getByRole('form', { name: 'Compaction schedule' });
    expect(within(form).getByLabelText('Cron')).toHaveValue('0 1 * * *');
    expect(within(form).getByLabelText('Time zone')).toHaveValue(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(within(form).getByLabelText('Duration (minutes)')).toHaveValue(240);
    expect(within(form).getByLabelText('Max per RegionServer')).toHaveValue(1);
    expect(within(form).getByLabelText('Max per cluster')).toHaveValue(2);
    expect(within(form).getByLabelText('Selection')).toHaveValue('THRESHOLD');
    expect(within(form).getByLabelText('Min store files per store')).toHaveValue(3);
    expect(within(form).getByLabelText('Target kind')).toHaveValue('TABLE');

    await userEvent.type(within(form).getByLabelText('Name'), 'nightly');
    await userEvent.type(within(form).getByLabelText('Table'), 'orders');
    await userEvent.clear(within(form).getByLabelText('Time zone'));
    await userEvent.type(within(form).getByLabelText('Time zone'), 'UTC');
    await userEvent.selectOptions(within(form).getByLabelText('Selection'), 'ALL');
    expect(within(form).queryByLabelText('Min store files per store')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Pause compactions outside windows'));
    expect(screen.getByTestId('shell-command')).toHaveTextContent(
      'curl -sS -X POST -H "Authorization: Bearer $GRANARY_TOKEN"',
    );
    expect(screen.getByTestId('shell-command')).toHaveTextContent('"name":"nightly"');
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'nightly',
      targetKind: 'TABLE',
      target: 'orders',
      cron: '0 1 * * *',
      timeZone: 'UTC',
      durationMinutes: 240,
      maxPerServer: 1,
      maxPerCluster: 2,
      selection: 'ALL',
      pauseOutsideWindows: true,
      enabled: true,
    });
  });

  it('shows the field errors of a 400 on the matching inputs', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/clusters/1/compactions/schedules': {
        status: 400,
        body: {
          title: 'Invalid request',
          status: 400,
          code: 'validation-failed',
          detail: 'The schedule has invalid fields.',
          errors: [
            { field: 'cron', message: 'is not a valid cron expression' },
            { field: 'durationMinutes', message: 'is longer than the 60 minutes between windows' },
            { field: 'maxPerServer', message: 'must not exceed maxPerCluster' },
            { field: 'target', message: 'table nope does not exist' },
          ],
        },
      },
    });
    renderCreate();
    const form = screen.getByRole('form', { name: 'Compaction schedule' });
    await userEvent.type(within(form).getByLabelText('Name'), 'hourly');
    await userEvent.type(within(form).getByLabelText('Table'), 'nope');
    await userEvent.clear(within(form).getByLabelText('Cron'));
    await userEvent.type(within(form).getByLabelText('Cron'), '0 * * *');
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    const cron = within(form).getByLabelText('Cron');
    await waitFor(() => expect(cron).toHaveAttribute('aria-invalid', 'true'));
    expect(cron).toHaveAccessibleDescription(/is not a valid cron expression/);
    expect(within(form).getByLabelText('Duration (minutes)')).toHaveAccessibleDescription(
      /is longer than the 60 minutes between windows/,
    );
    expect(within(form).getByLabelText('Max per RegionServer')).toHaveAccessibleDescription(
      /must not exceed maxPerCluster/,
    );
    expect(within(form).getByLabelText('Table')).toHaveAccessibleDescription(
      /table nope does not exist/,
    );
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not create the schedule');
  });

  it('sends nothing while required fields are empty and marks them', async () => {
    const { requests } = mockFetch(base);
    renderCreate();
    const form = screen.getByRole('form', { name: 'Compaction schedule' });
    await userEvent.clear(within(form).getByLabelText('Duration (minutes)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(/is required/);
    expect(within(form).getByLabelText('Table')).toHaveAccessibleDescription(/choose a table/);
    expect(within(form).getByLabelText('Duration (minutes)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByTestId('schedule-form-invalid')).toHaveTextContent('Fix the 3 fields');
    // The check follows the edits once it has run.
    await userEvent.type(within(form).getByLabelText('Name'), 'n');
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('offers free text for a namespace target', async () => {
    mockFetch(base);
    renderCreate();
    const form = screen.getByRole('form', { name: 'Compaction schedule' });
    await userEvent.selectOptions(within(form).getByLabelText('Target kind'), 'NAMESPACE');
    expect(within(form).queryByLabelText('Table')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Namespace'), 'metrics');
    expect(screen.getByTestId('shell-command')).toHaveTextContent(
      '"targetKind":"NAMESPACE","target":"metrics"',
    );
  });
});

describe('EditSchedulePage', () => {
  it('loads the schedule into the form and saves it with PUT', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/schedules/7': { body: compactionScheduleFixture },
      'PUT /api/v1/clusters/1/compactions/schedules/7': { body: compactionScheduleFixture },
    });
    renderWithProviders(<EditSchedulePage />, {
      user: adminUser,
      route: '/clusters/1/compactions/schedules/7/edit',
      path: '/clusters/:clusterId/compactions/schedules/:scheduleId/edit',
    });
    const form = await screen.findByRole('form', { name: 'Compaction schedule' });
    expect(within(form).getByLabelText('Name')).toHaveValue('nightly-orders');
    expect(within(form).getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(within(form).getByLabelText('Pause compactions outside windows')).toBeChecked();
    const duration = within(form).getByLabelText('Duration (minutes)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'nightly-orders', durationMinutes: 120 });
  });
});
