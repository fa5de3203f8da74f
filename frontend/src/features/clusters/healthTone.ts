import type { HealthStatus } from '../../api/types';
import type { Tone } from '../../ui';

/** HEALTHY green, DEGRADED amber, UNHEALTHY red, UNKNOWN grey. Exhaustive over HealthStatus. */
export const HEALTH_TONE: Record<HealthStatus, Tone> = {
  HEALTHY: 'ok',
  DEGRADED: 'warn',
  UNHEALTHY: 'bad',
  UNKNOWN: 'neutral',
};
