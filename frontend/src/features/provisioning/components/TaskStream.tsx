import { useEffect, useRef } from 'react';
import type { ProvisioningTask } from '../../../api/types';
import { type Column, Table, Timestamp } from '../../../ui';
import { TaskStatusBadge } from './Badges';

const columns: Column<ProvisioningTask>[] = [
  { key: 'seq', header: '#', numeric: true, render: (t) => t.seq },
  { key: 'status', header: 'Status', render: (t) => <TaskStatusBadge status={t.status} /> },
  {
    key: 'host',
    header: 'Host',
    render: (t) => (t.host ? <span className="mono">{t.host}</span> : ''),
  },
  {
    key: 'task',
    header: 'Task',
    className: 'wrap',
    render: (t) => (t.status === 'play' ? `PLAY ${t.task}` : t.task),
  },
  {
    key: 'message',
    header: 'Message',
    className: 'wrap',
    render: (t) => (t.message ? <span className="mono">{t.message}</span> : ''),
  },
  { key: 'at', header: 'Time', render: (t) => <Timestamp iso={t.at} /> },
];

/** Pixels from the bottom within which the list keeps following new tasks. */
const FOLLOW_SLACK_PX = 40;

/**
 * Ansible's task results, oldest first. It follows the newest while the reader is at the bottom,
 * and stays put once they scroll up to read.
 */
export function TaskStream({ tasks }: { tasks: readonly ProvisioningTask[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [tasks.length]);
  return (
    <div
      className="task-stream"
      ref={ref}
      data-testid="prov-task-stream"
      data-count={tasks.length}
      onScroll={(e) => {
        const el = e.currentTarget;
        following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
      }}
    >
      <Table
        aria-label="Ansible tasks"
        columns={columns}
        rows={tasks}
        rowKey={(t) => t.seq}
        rowProps={(t) => ({
          'data-testid': 'prov-task-row',
          'data-status': t.status,
          'data-seq': t.seq,
          className: `task-${t.status}`,
        })}
        empty="No task has reported yet."
      />
    </div>
  );
}
