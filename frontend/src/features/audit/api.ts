import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { AuditFilters } from '../../lib/paths';

export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: () =>
      unwrap(
        api.GET('/audit', {
          params: {
            query: {
              username: filters.username,
              action: filters.action,
              result: filters.result,
              from: filters.from,
              to: filters.to,
              page: filters.page ?? 0,
              size: filters.size ?? DEFAULT_AUDIT_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}
