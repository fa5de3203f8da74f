import type { OperationState } from '../../api/types';
import type { Tone } from '../../ui';

export const OPERATION_STATES: readonly OperationState[] = [
  'PENDING',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
];

/** Badge/progress colour per state. Exhaustive over OperationState. */
export const STATE_TONE: Record<OperationState, Tone> = {
  PENDING: 'neutral',
  RUNNING: 'info',
  SUCCEEDED: 'ok',
  FAILED: 'bad',
  CANCELLED: 'warn',
};
