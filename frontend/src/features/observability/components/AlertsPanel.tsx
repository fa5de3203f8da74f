import { useState } from 'react';
import type { Alert } from '../../../api/types';
import { isApiError } from '../../../api/problem';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorMessage,
  Panel,
  Table,
  TextField,
  Timestamp,
  type Column,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { reasonText } from '../../clusters/reasonText';
import { useAlerts, useCreateSilence, useExpireSilence } from '../api';

const TONE = { firing: 'bad', silenced: 'warn', resolved: 'ok' } as const;

/** Firing, silenced and resolved alerts of the cluster, with silences an admin can add and expire. */
export function AlertsPanel({ clusterId }: { clusterId: number }) {
  const { data, error } = useAlerts(clusterId);
  const [target, setTarget] = useState<Alert | null>(null);
  const [minutes, setMinutes] = useState('60');
  const [comment, setComment] = useState('');
  const create = useCreateSilence(clusterId);
  const expire = useExpireSilence(clusterId);
  const unavailable = isApiError(error) && error.code === 'monitoring-unavailable';

  const columns: Column<Alert>[] = [
    {
      key: 'state',
      header: 'State',
      render: (a) => <Badge tone={TONE[a.state]}>{a.state}</Badge>,
    },
    { key: 'name', header: 'Alert', render: (a) => <strong>{a.name}</strong> },
    { key: 'severity', header: 'Severity', render: (a) => a.severity },
    {
      key: 'instance',
      header: 'Instance',
      render: (a) => <span className="mono">{a.instance ?? '—'}</span>,
    },
    {
      key: 'summary',
      header: 'Summary',
      render: (a) => (
        <>
          {a.summary ?? a.description ?? ''}
          {a.reason && (
            <div className="muted" data-testid="alert-reason">
              Health reason: {reasonText(a.reason).title}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'since',
      header: 'Since',
      render: (a) => (
        <>
          <Timestamp iso={a.startsAt} relative />
          {a.endsAt && (
            <>
              {' '}
              → <Timestamp iso={a.endsAt} relative />
            </>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (a) =>
        a.state === 'firing' ? (
          <RoleGate min="ADMIN">
            <Button
              size="sm"
              data-testid="alert-silence"
              onClick={() => {
                setTarget(a);
                setComment('');
                create.reset();
              }}
            >
              Silence…
            </Button>
          </RoleGate>
        ) : null,
    },
  ];

  const matchers = target
    ? [
        { name: 'alertname', value: target.name },
        ...(target.instance ? [{ name: 'instance', value: target.instance }] : []),
      ]
    : [];
  const duration = Number(minutes);

  return (
    <Panel
      title="Alerts"
      data-testid="alerts-panel"
      actions={
        data && (
          <a href={data.alertmanagerUrl} target="_blank" rel="noreferrer">
            Alertmanager ↗
          </a>
        )
      }
    >
      {unavailable ? (
        <p className="muted" data-testid="alerts-unavailable">
          Alerts unavailable: {error.message}
        </p>
      ) : (
        <ErrorMessage error={error} title="Could not load the alerts" />
      )}
      {data && (
        <Table
          aria-label="Alerts"
          columns={columns}
          rows={data.alerts}
          rowKey={(a) => `${a.fingerprint}-${a.state}-${a.startsAt}`}
          rowProps={(a) => ({
            'data-testid': 'alert-row',
            'data-alert': a.name,
            'data-state': a.state,
          })}
          empty="No alerts: every rule is quiet."
        />
      )}
      {data && data.silences.length > 0 && (
        <>
          <h3>Silences</h3>
          <ul data-testid="silences">
            {data.silences.map((s) => (
              <li key={s.id} data-testid="silence-row">
                <span className="mono">
                  {s.matchers.map((m) => `${m.name}="${m.value}"`).join(', ')}
                </span>{' '}
                until <Timestamp iso={s.endsAt} /> by {s.createdBy}: {s.comment}{' '}
                <RoleGate min="ADMIN">
                  <Button
                    size="sm"
                    data-testid="silence-expire"
                    busy={expire.isPending}
                    onClick={() => expire.mutate(s.id)}
                  >
                    Expire
                  </Button>
                </RoleGate>
              </li>
            ))}
          </ul>
          <ErrorMessage error={expire.error} title="Could not expire the silence" />
        </>
      )}
      <ConfirmDialog
        open={target != null}
        title={`Silence ${target?.name ?? ''}`}
        confirmLabel="Silence"
        busy={create.isPending}
        error={create.error}
        confirmDisabled={!comment.trim() || !(duration >= 5 && duration <= 10080)}
        shell={`amtool silence add --duration=${minutes}m --comment='${comment.replace(/'/g, '')}' ${matchers
          .map((m) => `${m.name}="${m.value}"`)
          .join(' ')}`}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          create.mutate(
            { matchers, durationMinutes: duration, comment: comment.trim() },
            { onSuccess: () => setTarget(null) },
          )
        }
      >
        <p>
          Notifications for <strong>{target?.name}</strong>
          {target?.instance ? ` on ${target.instance}` : ''} stop for the duration; the alert stays
          listed as silenced. The silence is recorded in the audit log.
        </p>
        <TextField
          label="Duration (minutes, 5 to 10080)"
          type="number"
          min={5}
          max={10080}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          data-testid="silence-minutes"
        />
        <TextField
          label="Why (shown to everyone)"
          value={comment}
          maxLength={500}
          onChange={(e) => setComment(e.target.value)}
          data-testid="silence-comment"
        />
      </ConfirmDialog>
    </Panel>
  );
}
