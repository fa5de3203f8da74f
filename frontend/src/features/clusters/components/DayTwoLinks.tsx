import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../ui';
import { useAuth } from '../../auth/useAuth';

export type DayTwoAction = 'scale-in' | 'rolling-restart' | 'config';

interface ActionText {
  path: (clusterId: number) => string;
  admin: string;
  /** An OPERATOR checks or previews; the page says the last step is an ADMIN's. */
  operator: string;
  /** A VIEWER's link to the page, read-only; or why a VIEWER cannot (a disabled button). */
  viewer: { link: string } | { reason: string };
  testId: string;
}

const ACTIONS: Record<DayTwoAction, ActionText> = {
  'scale-in': {
    path: (id) => paths.scaleIn(id),
    admin: 'Scale in…',
    operator: 'Check a scale-in…',
    viewer: { reason: 'An ADMIN scales in' },
    testId: 'scale-in-link',
  },
  'rolling-restart': {
    path: (id) => paths.rollingRestart(id),
    admin: 'Rolling restart…',
    operator: 'Preview a rolling restart…',
    viewer: { reason: 'An ADMIN restarts' },
    testId: 'rolling-restart-link',
  },
  config: {
    path: (id) => paths.config(id),
    admin: 'Configuration…',
    operator: 'Configuration…',
    viewer: { link: 'Configuration' },
    testId: 'config-link',
  },
};

/**
 * One day-2 action of a provisioned cluster: an ADMIN runs it, an OPERATOR can check or preview it
 * (the page says the rest is ADMIN's), a VIEWER sees it disabled with the reason (or, for the
 * configuration, opens it read-only).
 */
export function DayTwoLink({ clusterId, action }: { clusterId: number; action: DayTwoAction }) {
  const { can } = useAuth();
  const reasonId = useId();
  const a = ACTIONS[action];
  if (can('OPERATOR') || 'link' in a.viewer) {
    const text = can('ADMIN') ? a.admin : can('OPERATOR') ? a.operator : undefined;
    return (
      <Link className="btn btn-sm" to={a.path(clusterId)} data-testid={a.testId}>
        {text ?? ('link' in a.viewer ? a.viewer.link : a.admin)}
      </Link>
    );
  }
  return (
    <span className="row">
      <Button size="sm" disabled aria-describedby={reasonId} data-testid={a.testId}>
        {a.admin}
      </Button>
      <span className="muted" id={reasonId}>
        {a.viewer.reason}
      </span>
    </span>
  );
}

/** Scale in, rolling restart and configuration, side by side. */
export function DayTwoLinks({ clusterId }: { clusterId: number }) {
  return (
    <span className="row">
      <DayTwoLink clusterId={clusterId} action="config" />
      <DayTwoLink clusterId={clusterId} action="rolling-restart" />
      <DayTwoLink clusterId={clusterId} action="scale-in" />
    </span>
  );
}
