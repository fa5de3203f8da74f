import { formatNumber } from '../lib/format';
import { Button } from './Button';

export interface PagerProps {
  /** Zero-based. */
  page: number;
  size: number;
  total: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** Accessible name of the navigation, e.g. "Audit pages". */
  label: string;
  /** Plural noun for the total, e.g. "entries". */
  noun: string;
  prevLabel?: string;
  nextLabel?: string;
  'data-testid'?: string;
}

/** Page navigation under a server-paginated table. */
export function Pager({
  page,
  size,
  total,
  sizes,
  onPage,
  onSize,
  label,
  noun,
  prevLabel = '← Previous',
  nextLabel = 'Next →',
  'data-testid': testId,
}: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, size)));
  return (
    <nav className="pager" aria-label={label}>
      <span className="muted" data-testid={testId}>
        {formatNumber(total)} {noun} · page {page + 1} of {pages}
      </span>
      <span className="row">
        <label className="muted">
          Per page{' '}
          <select
            className="inline-select"
            value={size}
            onChange={(e) => onSize(Number(e.target.value))}
          >
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" disabled={page <= 0} onClick={() => onPage(page - 1)}>
          {prevLabel}
        </Button>
        <Button size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          {nextLabel}
        </Button>
      </span>
    </nav>
  );
}
