import { useEffect, useRef } from 'react';
import type { OperationEvent } from '../../../api/types';
import { type Column, Table, Timestamp } from '../../../ui';

const columns: Column<OperationEvent>[] = [
  { key: 'at', header: 'Time', render: (e) => <Timestamp iso={e.at} /> },
  {
    key: 'level',
    header: 'Level',
    render: (e) => <span className={`level-${e.level}`}>{e.level}</span>,
  },
  {
    key: 'progress',
    header: 'Progress',
    numeric: true,
    render: (e) => (e.progress != null ? `${e.progress}%` : ''),
  },
  { key: 'message', header: 'Message', className: 'wrap', render: (e) => e.message },
];

/** Operation events, oldest first; follows the bottom while new events arrive. */
export function EventsLog({ events }: { events: readonly OperationEvent[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <div className="events" ref={ref}>
      <Table
        aria-label="Operation events"
        columns={columns}
        rows={events}
        rowKey={(e) => `${e.at}|${e.level}|${e.message}`}
        rowProps={(e) => ({ 'data-testid': 'operation-event', 'data-level': e.level })}
        empty="No events yet."
      />
    </div>
  );
}
