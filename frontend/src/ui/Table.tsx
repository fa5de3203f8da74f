import type { HTMLAttributes, ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Numeric columns use tabular figures and right alignment. */
  numeric?: boolean;
  className?: string;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [key: `data-${string}`]: string | number | undefined;
};

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => RowAttributes;
  /** Makes rows clickable (a link inside the row stays the accessible way in). */
  onRowClick?: (row: T) => void;
  empty?: ReactNode;
  'aria-label'?: string;
  caption?: ReactNode;
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  onRowClick,
  empty = 'Nothing to show.',
  caption,
  'aria-label': ariaLabel,
}: TableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={ariaLabel}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={
                  [c.numeric ? 'num' : '', c.align ? `align-${c.align}` : '', c.className ?? '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="table-empty">
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => {
              const extra = rowProps?.(row) ?? {};
              return (
                <tr
                  key={rowKey(row)}
                  {...extra}
                  className={
                    [onRowClick ? 'clickable' : '', extra.className ?? '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onClick={
                    onRowClick
                      ? (e) => {
                          // Let links, buttons and inputs inside the row do their own thing.
                          if ((e.target as HTMLElement).closest('a,button,input,select,textarea'))
                            return;
                          onRowClick(row);
                        }
                      : undefined
                  }
                >
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={
                        [
                          c.numeric ? 'num' : '',
                          c.align ? `align-${c.align}` : '',
                          c.className ?? '',
                        ]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
