import type { AuditResult } from '../../api/types';

export const AUDIT_RESULTS: readonly AuditResult[] = ['SUCCESS', 'DENIED', 'FAILED'];

export function parseAuditResult(value: string | null | undefined): AuditResult | undefined {
  return AUDIT_RESULTS.find((r) => r === value);
}
