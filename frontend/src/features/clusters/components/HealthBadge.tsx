import type { HealthStatus } from '../../../api/types';
import { Badge } from '../../../ui';
import { HEALTH_TONE } from '../healthTone';

export function HealthBadge({
  status,
  large = false,
  testId = 'health-status',
}: {
  status: HealthStatus;
  large?: boolean;
  testId?: string;
}) {
  return (
    <Badge
      tone={HEALTH_TONE[status] ?? 'neutral'}
      className={large ? 'badge-lg' : undefined}
      data-testid={testId}
      data-status={status}
      title={`Health: ${status}`}
    >
      {status}
    </Badge>
  );
}
