import { ApiError } from '../../api/problem';
import { compactionScheduleFixture } from '../../test/fixtures';
import {
  COMPACT_FIELDS,
  compactRequest,
  compactShellCommand,
  defaultCompactForm,
  defaultScheduleForm,
  fieldErrorMap,
  SCHEDULE_FIELDS,
  scheduleFormFrom,
  scheduleInput,
  selectionSummary,
  validateCompact,
  validateSchedule,
} from './formModel';

const filled = { ...defaultScheduleForm('Europe/Berlin'), name: 'nightly', target: 'orders' };

describe('schedule form defaults', () => {
  it('starts nightly at 01:00 in the given zone for 4 hours, 1 per server, 2 per cluster', () => {
    expect(defaultScheduleForm('Europe/Berlin')).toEqual({
      name: '',
      targetKind: 'TABLE',
      target: '',
      cron: '0 1 * * *',
      timeZone: 'Europe/Berlin',
      durationMinutes: '240',
      maxPerServer: '1',
      maxPerCluster: '2',
      selection: 'THRESHOLD',
      minStoreFilesPerStore: '3',
      maxLocalityPercent: '',
      minHoursSinceMajor: '',
      pauseOutsideWindows: false,
      enabled: true,
    });
  });

  it("takes the browser's time zone when none is given", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(defaultScheduleForm().timeZone).toBe(zone);
  });
});

describe('scheduleInput', () => {
  it('builds the request body with numbers, trimmed text and the threshold that is set', () => {
    const body = scheduleInput({
      ...filled,
      name: ' nightly ',
      target: ' orders ',
      cron: ' 0 3 * * * ',
      durationMinutes: '60',
      maxPerServer: '2',
      maxPerCluster: '4',
      minHoursSinceMajor: '24',
    });
    expect(body).toEqual({
      name: 'nightly',
      targetKind: 'TABLE',
      target: 'orders',
      cron: '0 3 * * *',
      timeZone: 'Europe/Berlin',
      durationMinutes: 60,
      maxPerServer: 2,
      maxPerCluster: 4,
      selection: 'THRESHOLD',
      minStoreFilesPerStore: 3,
      maxLocalityPercent: undefined,
      minHoursSinceMajor: 24,
      pauseOutsideWindows: false,
      enabled: true,
    });
  });

  it('sends no thresholds when every region is selected', () => {
    const body = scheduleInput({ ...filled, selection: 'ALL', maxLocalityPercent: '80' });
    expect(body.selection).toBe('ALL');
    expect(body.minStoreFilesPerStore).toBeUndefined();
    expect(body.maxLocalityPercent).toBeUndefined();
    expect(body.minHoursSinceMajor).toBeUndefined();
  });

  it('sends an emptied required number as null, for the backend to name the field', () => {
    const body = scheduleInput({ ...filled, durationMinutes: '' });
    expect(JSON.parse(JSON.stringify(body)).durationMinutes).toBeNull();
  });

  it('round-trips a saved schedule through the form', () => {
    const form = scheduleFormFrom(compactionScheduleFixture);
    expect(form.minStoreFilesPerStore).toBe('3');
    expect(form.maxLocalityPercent).toBe('');
    expect(form.pauseOutsideWindows).toBe(true);
    const body = scheduleInput(form);
    const s = compactionScheduleFixture;
    expect(body).toMatchObject({
      name: s.name,
      targetKind: s.targetKind,
      target: s.target,
      cron: s.cron,
      timeZone: s.timeZone,
      durationMinutes: s.durationMinutes,
      maxPerServer: s.maxPerServer,
      maxPerCluster: s.maxPerCluster,
      selection: s.selection,
      minStoreFilesPerStore: s.minStoreFilesPerStore,
      pauseOutsideWindows: s.pauseOutsideWindows,
      enabled: s.enabled,
    });
  });
});

describe('validateSchedule', () => {
  it('accepts the defaults once a name and a target are set', () => {
    expect(validateSchedule(filled)).toEqual([]);
  });

  it('names the fields the browser can already tell are wrong', () => {
    const errors = validateSchedule({
      ...defaultScheduleForm('UTC'),
      cron: ' ',
      durationMinutes: '0',
      maxPerCluster: '1.5',
      maxLocalityPercent: '120',
    });
    expect(errors.map((e) => e.field)).toEqual([
      'name',
      'target',
      'cron',
      'durationMinutes',
      'maxPerCluster',
      'maxLocalityPercent',
    ]);
    expect(errors.find((e) => e.field === 'target')?.message).toBe('choose a table');
    expect(errors.find((e) => e.field === 'maxLocalityPercent')?.message).toContain('1–100');
  });

  it('ignores thresholds that do not apply to ALL selection', () => {
    expect(validateSchedule({ ...filled, selection: 'ALL', minStoreFilesPerStore: 'x' })).toEqual(
      [],
    );
  });
});

describe('fieldErrorMap', () => {
  it("puts a 400's field errors on the inputs named by their property", () => {
    const error = ApiError.from(400, {
      title: 'Invalid request',
      status: 400,
      code: 'validation-failed',
      errors: [
        { field: 'cron', message: 'is not a valid cron expression' },
        { field: 'durationMinutes', message: 'is longer than the 60 minutes between windows' },
        { field: 'scheduleInput.maxPerServer', message: 'must be at least 1' },
        { field: 'target', message: 'table orders does not exist' },
        { field: 'target', message: 'or is disabled' },
        { field: 'somethingElse', message: 'ignored' },
        { field: '', message: 'also ignored' },
      ],
    });
    expect(fieldErrorMap(error.fieldErrors, SCHEDULE_FIELDS)).toEqual({
      cron: 'is not a valid cron expression',
      durationMinutes: 'is longer than the 60 minutes between windows',
      maxPerServer: 'must be at least 1',
      target: 'table orders does not exist; or is disabled',
    });
  });

  it('knows every property of the request bodies', () => {
    expect([...SCHEDULE_FIELDS].sort()).toEqual(
      [
        'cron',
        'durationMinutes',
        'enabled',
        'maxLocalityPercent',
        'maxPerCluster',
        'maxPerServer',
        'minHoursSinceMajor',
        'minStoreFilesPerStore',
        'name',
        'pauseOutsideWindows',
        'selection',
        'target',
        'targetKind',
        'timeZone',
      ].sort(),
    );
    expect([...COMPACT_FIELDS].sort()).toEqual(
      ['family', 'kind', 'maxPerServer', 'region', 'server', 'table'].sort(),
    );
  });
});

describe('selectionSummary', () => {
  it('spells out the thresholds', () => {
    expect(selectionSummary({ selection: 'ALL', minStoreFilesPerStore: 3 })).toBe('every region');
    expect(
      selectionSummary({
        selection: 'THRESHOLD',
        minStoreFilesPerStore: 3,
        maxLocalityPercent: 80,
      }),
    ).toBe('regions with ≥ 3 store files in a store or locality below 80%');
  });
});

describe('compact now', () => {
  it('sends only the chosen scope', () => {
    const form = { ...defaultCompactForm('orders'), region: 'abc', server: 'h,1,2' };
    expect(compactRequest(form)).toEqual({
      kind: 'MAJOR',
      table: 'orders',
      family: undefined,
      maxPerServer: 1,
    });
    expect(compactRequest({ ...form, family: ' cf ', kind: 'MINOR', maxPerServer: '3' })).toEqual({
      kind: 'MINOR',
      table: 'orders',
      family: 'cf',
      maxPerServer: 3,
    });
    expect(compactRequest({ ...form, scope: 'region' })).toEqual({
      kind: 'MAJOR',
      region: 'abc',
      maxPerServer: 1,
    });
    expect(compactRequest({ ...form, scope: 'server' })).toEqual({
      kind: 'MAJOR',
      server: 'h,1,2',
      maxPerServer: 1,
    });
  });

  it("requires the scope's value and a positive cap", () => {
    expect(validateCompact(defaultCompactForm('orders'))).toEqual([]);
    expect(
      validateCompact({ ...defaultCompactForm(), scope: 'server', maxPerServer: '0' }),
    ).toEqual([
      { field: 'server', message: 'choose a RegionServer' },
      { field: 'maxPerServer', message: 'must be a whole number ≥ 1' },
    ]);
  });

  it('shows the shell line of each scope before it is sent', () => {
    const form = defaultCompactForm('orders');
    expect(compactShellCommand(form)).toBe("hbase shell> major_compact 'orders'");
    expect(compactShellCommand({ ...form, family: 'cf' })).toBe(
      "hbase shell> major_compact 'orders', 'cf'",
    );
    expect(compactShellCommand({ ...form, kind: 'MINOR' })).toBe("hbase shell> compact 'orders'");
    expect(compactShellCommand({ ...form, scope: 'region', region: 'd41d8cd98f00b204' })).toBe(
      "hbase shell> major_compact 'd41d8cd98f00b204'",
    );
    expect(compactShellCommand({ ...form, scope: 'server', server: 'rs1,16020,1700' })).toBe(
      "hbase shell> compact_rs 'rs1,16020,1700', true",
    );
    expect(compactShellCommand(defaultCompactForm())).toBe("hbase shell> major_compact '<table>'");
  });
});
