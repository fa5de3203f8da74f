import { useNavigate, useSearchParams } from 'react-router';
import type { AuditEntry, AuditResult } from '../../../api/types';
import { type AuditFilters, paths } from '../../../lib/paths';
import {
  Badge,
  type Column,
  ErrorMessage,
  Loading,
  PageHeader,
  Pager,
  Table,
  Timestamp,
  type Tone,
} from '../../../ui';
import { AUDIT_PAGE_SIZES, DEFAULT_AUDIT_PAGE_SIZE, useAuditLog } from '../api';
import { parseAuditResult } from '../auditResult';
import { AuditFiltersForm } from '../components/AuditFiltersForm';

const RESULT_TONE: Record<AuditResult, Tone> = { SUCCESS: 'ok', DENIED: 'warn', FAILED: 'bad' };

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'Time', render: (e) => <Timestamp iso={e.at} /> },
  { key: 'user', header: 'User', render: (e) => e.username },
  { key: 'action', header: 'Action', render: (e) => <span className="mono">{e.action}</span> },
  {
    key: 'target',
    header: 'Target',
    className: 'wrap',
    render: (e) => <span className="mono">{e.target}</span>,
  },
  {
    key: 'result',
    header: 'Result',
    render: (e) => <Badge tone={RESULT_TONE[e.result] ?? 'neutral'}>{e.result}</Badge>,
  },
  { key: 'status', header: 'Status', numeric: true, render: (e) => e.status ?? '—' },
  { key: 'detail', header: 'Detail', className: 'wrap', render: (e) => e.detail ?? '' },
  {
    key: 'remote',
    header: 'From',
    render: (e) => <span className="mono muted">{e.remoteAddress ?? ''}</span>,
  },
];

function intParam(value: string | null, fallback: number): number {
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}

function filtersFromParams(params: URLSearchParams): AuditFilters {
  const size = intParam(params.get('size'), DEFAULT_AUDIT_PAGE_SIZE);
  return {
    username: params.get('username') || undefined,
    action: params.get('action') || undefined,
    result: parseAuditResult(params.get('result')),
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: intParam(params.get('page'), 0),
    size: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_AUDIT_PAGE_SIZE,
  };
}

export function AuditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const { data, error, isPending, isPlaceholderData } = useAuditLog(filters);
  const go = (next: AuditFilters) => navigate(paths.audit(next));

  const page = data?.page ?? filters.page ?? 0;
  const size = data?.size ?? filters.size ?? DEFAULT_AUDIT_PAGE_SIZE;
  const total = data?.total ?? 0;

  return (
    <div>
      <PageHeader
        title="Audit log"
        subtitle="Every API action, who did it and what happened. Newest first."
      />
      {/* Remount the form when the URL changes (back/forward) so its fields follow. */}
      <AuditFiltersForm key={params.toString()} value={filters} onApply={go} />
      <ErrorMessage error={error} />
      {isPending ? (
        <Loading label="Loading audit log…" />
      ) : (
        data && (
          <>
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
              <Table
                aria-label="Audit log"
                columns={columns}
                rows={data.items}
                rowKey={(e) => e.id}
                rowProps={(e) => ({ 'data-testid': 'audit-row', 'data-result': e.result })}
                empty="No audit entries match these filters."
              />
            </div>
            <Pager
              label="Audit pages"
              noun="entries"
              page={page}
              size={size}
              total={total}
              sizes={AUDIT_PAGE_SIZES}
              onPage={(p) => go({ ...filters, page: p })}
              onSize={(s) => go({ ...filters, size: s, page: 0 })}
              prevLabel="← Newer"
              nextLabel="Older →"
              data-testid="audit-total"
            />
          </>
        )
      )}
    </div>
  );
}
