import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TableSort, TableSummary } from '../../../api/types';
import { formatBytes, formatNumber, formatRate } from '../../../lib/format';
import { paths, type TableFilters } from '../../../lib/paths';
import {
  type Column,
  ErrorMessage,
  Loading,
  PageHeader,
  Pager,
  SelectField,
  Table,
  TextField,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import {
  DEFAULT_TABLE_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  TABLES_REFRESH_MS,
  useNamespaces,
  useTables,
} from '../api';
import { CreateNamespaceAction } from '../components/CreateNamespaceAction';
import { TableStateBadge } from '../components/TableStateBadge';
import { hbaseTableName } from '../tableName';

const SORTS: readonly { value: TableSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'regions', label: 'Regions' },
  { value: 'size', label: 'Size' },
  { value: 'storeFiles', label: 'Store files' },
  { value: 'reads', label: 'Reads/s' },
  { value: 'writes', label: 'Writes/s' },
];
const SEARCH_DEBOUNCE_MS = 300;

function intParam(value: string | null, fallback: number): number {
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}

function filtersFromParams(
  params: URLSearchParams,
): Required<Pick<TableFilters, 'page' | 'size'>> & TableFilters {
  const size = intParam(params.get('size'), DEFAULT_TABLE_PAGE_SIZE);
  return {
    namespace: params.get('namespace') || undefined,
    q: params.get('q') || undefined,
    sort: SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'name',
    page: intParam(params.get('page'), 0),
    size: (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TABLE_PAGE_SIZE,
  };
}

function columns(clusterId: number): Column<TableSummary>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (t) => {
        const name = hbaseTableName(t.name, t.namespace);
        return (
          <Link to={paths.table(clusterId, name)} data-testid="table-link" className="mono">
            {name}
          </Link>
        );
      },
    },
    { key: 'namespace', header: 'Namespace', render: (t) => t.namespace },
    { key: 'state', header: 'State', render: (t) => <TableStateBadge enabled={t.enabled} /> },
    {
      key: 'regions',
      header: 'Regions',
      numeric: true,
      render: (t) => formatNumber(t.regionCount),
    },
    {
      key: 'size',
      header: 'Store files size',
      numeric: true,
      render: (t) => formatBytes(t.sizeBytes),
    },
    {
      key: 'memstore',
      header: 'MemStore',
      numeric: true,
      render: (t) => formatBytes(t.memstoreBytes),
    },
    {
      key: 'storeFiles',
      header: 'Store files',
      numeric: true,
      render: (t) => formatNumber(t.storeFiles),
    },
    {
      key: 'reads',
      header: 'Read/s',
      numeric: true,
      render: (t) => formatRate(t.readRequestsPerSecond),
    },
    {
      key: 'writes',
      header: 'Write/s',
      numeric: true,
      render: (t) => formatRate(t.writeRequestsPerSecond),
    },
  ];
}

export function TablesPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const go = (next: TableFilters) => navigate(paths.tables(clusterId, next), { replace: true });

  const namespaces = useNamespaces(clusterId);
  const { data, error, isPending, isPlaceholderData } = useTables(clusterId, filters);

  // The search box updates the URL after a pause, not on every key.
  const [search, setSearch] = useState(filters.q ?? '');
  const paramsKey = params.toString();
  useEffect(() => {
    const current = filtersFromParams(new URLSearchParams(paramsKey));
    const q = search.trim();
    if ((current.q ?? '') === q) return;
    const t = window.setTimeout(
      () =>
        navigate(paths.tables(clusterId, { ...current, q: q || undefined, page: 0 }), {
          replace: true,
        }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(t);
  }, [search, paramsKey, clusterId, navigate]);

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }

  return (
    <div>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>Tables</ClusterCrumbs>}
        title="Tables"
        subtitle={
          <>
            <span>User tables of this cluster (hbase:* excluded).</span>
            {data?.collectedAt && (
              <span>
                Collected <Timestamp iso={data.collectedAt} relative />
              </span>
            )}
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> auto-refresh{' '}
              {TABLES_REFRESH_MS / 1000}s
            </span>
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <CreateNamespaceAction clusterId={clusterId} />
            <Link className="btn btn-primary" to={paths.tableCreate(clusterId)}>
              Create table
            </Link>
          </RoleGate>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <form
        className="form-row"
        aria-label="Table filters"
        style={{ marginBottom: 10 }}
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Namespace"
          value={filters.namespace ?? ''}
          onChange={(e) => go({ ...filters, namespace: e.target.value || undefined, page: 0 })}
        >
          <option value="">All namespaces</option>
          {(namespaces.data ?? []).map((ns) => (
            <option key={ns.name} value={ns.name}>
              {ns.name} ({ns.tableCount})
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search tables"
          type="search"
          placeholder="name contains…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="Sort by"
          value={filters.sort}
          onChange={(e) => go({ ...filters, sort: e.target.value as TableSort, page: 0 })}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </form>
      <ErrorMessage error={namespaces.error} title="Could not load the namespaces" />
      <ErrorMessage error={error} />
      {isPending ? (
        <Loading label="Loading tables…" />
      ) : (
        data && (
          <>
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
              <Table
                aria-label="Tables"
                columns={columns(clusterId)}
                rows={data.items}
                rowKey={(t) => hbaseTableName(t.name, t.namespace)}
                rowProps={(t) => ({
                  'data-testid': 'table-row',
                  'data-name': hbaseTableName(t.name, t.namespace),
                })}
                onRowClick={(t) =>
                  navigate(paths.table(clusterId, hbaseTableName(t.name, t.namespace)))
                }
                empty={
                  filters.q || filters.namespace
                    ? 'No tables match these filters.'
                    : 'No tables yet.'
                }
              />
            </div>
            <Pager
              label="Table pages"
              noun="tables"
              page={data.page}
              size={data.size}
              total={data.total}
              sizes={TABLE_PAGE_SIZES}
              onPage={(page) => go({ ...filters, page })}
              onSize={(size) => go({ ...filters, size, page: 0 })}
              data-testid="tables-total"
            />
          </>
        )
      )}
    </div>
  );
}
