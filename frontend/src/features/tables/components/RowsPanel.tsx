import { type FormEvent, useState } from 'react';
import { fieldError, isApiError } from '../../../api/problem';
import type { RowCell, TableRow } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { hbaseShellLines, rowShell } from '../../../lib/shell';
import {
  Button,
  type Column,
  ErrorMessage,
  Loading,
  Panel,
  SelectField,
  ShellCommand,
  Table,
  TextField,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { DEFAULT_ROW_SCAN_LIMIT, ROW_SCAN_LIMITS, usePutRows, useRow, useScanRows } from '../api';
import { keyAfter } from '../rowKeys';

const BINARY_HINT = 'Printable ASCII; any other byte as \\xNN, as the HBase shell prints it';

/** One line of the cells table: a cell with its row key (a row without cells shows one line). */
interface CellLine {
  id: string;
  key: string;
  cell?: RowCell;
}

function cellLines(rows: readonly TableRow[]): CellLine[] {
  return rows.flatMap((row, r) =>
    row.cells.length === 0
      ? [{ id: `${r}`, key: row.key }]
      : row.cells.map((cell, c) => ({ id: `${r}-${c}`, key: row.key, cell })),
  );
}

const epochIso = (millis: number | undefined) =>
  typeof millis === 'number' && Number.isFinite(millis) ? new Date(millis).toISOString() : null;

const cellColumns: Column<CellLine>[] = [
  {
    key: 'column',
    header: 'Family:qualifier',
    render: (l) =>
      l.cell ? <span className="mono">{`${l.cell.family}:${l.cell.qualifier}`}</span> : '—',
  },
  {
    key: 'value',
    header: 'Value',
    className: 'wrap',
    render: (l) =>
      l.cell ? (
        <span className="mono" style={{ wordBreak: 'break-all' }}>
          {l.cell.value}
        </span>
      ) : (
        '—'
      ),
  },
  {
    key: 'timestamp',
    header: 'Timestamp',
    render: (l) => <Timestamp iso={epochIso(l.cell?.timestamp)} />,
  },
];

const scanColumns: Column<CellLine>[] = [
  {
    key: 'key',
    header: 'Row key',
    render: (l) => (
      <span className="mono" style={{ wordBreak: 'break-all' }}>
        {l.key}
      </span>
    ),
  },
  ...cellColumns,
];

/** The first rows from a start key, a page at a time, with the scan command. */
function ScanRows({ clusterId, table }: { clusterId: number; table: string }) {
  const [startInput, setStartInput] = useState('');
  const [start, setStart] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_ROW_SCAN_LIMIT);
  // The starts of the pages before this one (Previous page goes back through them).
  const [earlier, setEarlier] = useState<string[]>([]);
  const { data, error, isPlaceholderData, isFetching, refetch } = useScanRows(clusterId, table, {
    start: start || undefined,
    limit,
  });
  const startError = fieldError(error, 'start');
  const lastKey = data?.rows.at(-1)?.key;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Scan on the page shown reads it again (rows may have changed since).
    if (startInput === start) void refetch();
    setEarlier([]);
    setStart(startInput);
  };
  const next = () => {
    if (lastKey === undefined) return;
    setEarlier([...earlier, start]);
    setStart(keyAfter(lastKey));
  };
  const previous = () => {
    setStart(earlier.at(-1) ?? '');
    setEarlier(earlier.slice(0, -1));
  };

  return (
    <Panel title="Scan" data-testid="rows-scan">
      <form className="form-row" aria-label="Scan rows" onSubmit={submit}>
        <TextField
          label="Start at row key"
          value={startInput}
          autoComplete="off"
          spellCheck={false}
          placeholder="(first row)"
          hint={BINARY_HINT}
          error={startError}
          onChange={(e) => setStartInput(e.target.value)}
        />
        <SelectField
          label="Rows per page"
          value={String(limit)}
          onChange={(e) => setLimit(Number(e.target.value))}
          options={ROW_SCAN_LIMITS.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Button type="submit" variant="primary" busy={isFetching && data !== undefined}>
          Scan
        </Button>
      </form>
      {!data ? (
        error ? (
          startError ? null : (
            <ErrorMessage error={error} title="Could not scan the table" />
          )
        ) : (
          <Loading label="Loading rows…" />
        )
      ) : (
        <div className="stack">
          {!startError && <ErrorMessage error={error} title="Could not scan the table" />}
          <ShellCommand command={hbaseShellLines(data.shellCommand)} />
          <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <Table
              aria-label="Rows"
              columns={scanColumns}
              rows={cellLines(data.rows)}
              rowKey={(l) => l.id}
              rowProps={(l) => ({ 'data-testid': 'row-cell', 'data-key': l.key })}
              empty={start ? 'No rows from this key on.' : 'The table has no rows yet.'}
            />
          </div>
          <nav className="pager" aria-label="Row pages">
            <span className="muted" data-testid="rows-scan-summary">
              {formatNumber(data.rows.length)} {data.rows.length === 1 ? 'row' : 'rows'} from{' '}
              {start ? <span className="mono">{start}</span> : 'the first row'}
              {data.more ? '; more follow' : ''}
            </span>
            <span className="row">
              <Button size="sm" disabled={earlier.length === 0} onClick={previous}>
                ← Previous page
              </Button>
              <Button size="sm" disabled={!data.more || lastKey === undefined} onClick={next}>
                Next page →
              </Button>
            </span>
          </nav>
        </div>
      )}
    </Panel>
  );
}

/** One row by key: its cells, or that there is no such row. */
function GetRow({ clusterId, table }: { clusterId: number; table: string }) {
  const [input, setInput] = useState('');
  const [key, setKey] = useState('');
  const { data, error, isFetching, refetch } = useRow(clusterId, table, key);
  const keyError = fieldError(error, 'row');
  const missing = isApiError(error) && error.status === 404 && error.code === 'not-found';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same key again reads it again (a put may have changed it).
    if (input === key) void refetch();
    else setKey(input);
  };

  return (
    <Panel title="Get row" data-testid="rows-get">
      <form className="form-row" aria-label="Get row" onSubmit={submit}>
        <TextField
          label="Row key"
          value={input}
          autoComplete="off"
          spellCheck={false}
          hint={BINARY_HINT}
          error={keyError}
          onChange={(e) => setInput(e.target.value)}
        />
        <Button type="submit" variant="primary" busy={isFetching} disabled={input === ''}>
          Get
        </Button>
      </form>
      {key !== '' &&
        (missing ? (
          <div className="stack">
            <div className="notice" role="status" data-testid="row-missing">
              No row <span className="mono">{key}</span> in table{' '}
              <span className="mono">{table}</span>.
            </div>
            <ShellCommand command={rowShell.get(table, key)} />
          </div>
        ) : error ? (
          keyError ? null : (
            <ErrorMessage error={error} title="Could not read the row" />
          )
        ) : data ? (
          <div className="stack" data-testid="row-result">
            <ShellCommand
              command={hbaseShellLines(data.shellCommand ?? rowShell.get(table, key))}
            />
            <Table
              aria-label={`Cells of row ${data.key}`}
              columns={cellColumns}
              rows={cellLines([data])}
              rowKey={(l) => l.id}
              rowProps={() => ({ 'data-testid': 'get-row-cell' })}
            />
          </div>
        ) : (
          <Loading label="Loading the row…" />
        ))}
    </Panel>
  );
}

interface CellForm {
  key: string;
  family: string;
  qualifier: string;
  value: string;
}

const CELL = 'rows[0].cells[0]';

/** Writes one cell (OPERATOR+); the API's field errors go next to the fields. */
function PutCell({
  clusterId,
  table,
  families,
}: {
  clusterId: number;
  table: string;
  families: readonly string[];
}) {
  const [form, setForm] = useState<CellForm>({ key: '', family: '', qualifier: '', value: '' });
  const put = usePutRows(clusterId, table);
  const family = families.includes(form.family) ? form.family : (families[0] ?? '');
  const errors = {
    key: fieldError(put.error, 'rows[0].key'),
    family: fieldError(put.error, `${CELL}.family`),
    qualifier: fieldError(put.error, `${CELL}.qualifier`),
    value: fieldError(put.error, `${CELL}.value`),
  };
  const onFields = Object.values(errors).some(Boolean);
  const set = (change: Partial<CellForm>) => setForm({ ...form, ...change });
  // key, qualifier and value: free text in the shell's form, never corrected by the browser
  const shellField = (label: string, name: 'key' | 'qualifier' | 'value') => (
    <TextField
      label={label}
      value={form[name]}
      autoComplete="off"
      spellCheck={false}
      error={errors[name]}
      onChange={(e) => set({ [name]: e.target.value })}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    put.mutate({
      rows: [{ key: form.key, cells: [{ family, qualifier: form.qualifier, value: form.value }] }],
    });
  };

  return (
    <Panel title="Put a cell" data-testid="rows-put">
      <form className="stack" aria-label="Put a cell" onSubmit={submit}>
        <div className="form-row">
          {shellField('Row key', 'key')}
          <SelectField
            label="Family"
            value={family}
            error={errors.family}
            onChange={(e) => set({ family: e.target.value })}
            options={families.map((f) => ({ value: f, label: f }))}
          />
          {shellField('Qualifier', 'qualifier')}
          {shellField('Value', 'value')}
        </div>
        <p className="muted small" style={{ margin: 0 }}>
          {BINARY_HINT}. The cell gets the server&apos;s time as its timestamp.
        </p>
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            busy={put.isPending}
            disabled={form.key === '' || family === ''}
          >
            Put
          </Button>
        </div>
      </form>
      {!onFields && <ErrorMessage error={put.error} title="Could not write the cell" />}
      {put.data && (
        <div className="stack" style={{ marginTop: 12 }}>
          <div className="notice" role="status" data-testid="rows-put-result">
            {formatNumber(put.data.rowsWritten)} {put.data.rowsWritten === 1 ? 'row' : 'rows'}{' '}
            written ({formatNumber(put.data.cellsWritten)}{' '}
            {put.data.cellsWritten === 1 ? 'cell' : 'cells'}).
          </div>
          <ShellCommand command={hbaseShellLines(put.data.shellCommand)} />
        </div>
      )}
    </Panel>
  );
}

/** Look at the table's data and write a cell: scan, get, put, each with its shell command. */
export function RowsPanel({
  clusterId,
  table,
  families,
  enabled,
}: {
  clusterId: number;
  table: string;
  families: readonly string[];
  enabled: boolean;
}) {
  if (!enabled) {
    return (
      <div className="notice notice-warn" role="status" data-testid="rows-disabled">
        The table is disabled: enable it to read or write rows.
      </div>
    );
  }
  return (
    <div className="stack" data-testid="rows">
      <ScanRows clusterId={clusterId} table={table} />
      <div className="grid grid-2">
        <GetRow clusterId={clusterId} table={table} />
        <RoleGate min="OPERATOR">
          <PutCell clusterId={clusterId} table={table} families={families} />
        </RoleGate>
      </div>
    </div>
  );
}
