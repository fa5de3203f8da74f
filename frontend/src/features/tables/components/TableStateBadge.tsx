import { Badge } from '../../../ui';

export function TableStateBadge({
  enabled,
  testId = 'table-state',
}: {
  enabled: boolean;
  testId?: string;
}) {
  return (
    <Badge
      tone={enabled ? 'ok' : 'warn'}
      data-testid={testId}
      data-state={enabled ? 'ENABLED' : 'DISABLED'}
    >
      {enabled ? 'ENABLED' : 'DISABLED'}
    </Badge>
  );
}
