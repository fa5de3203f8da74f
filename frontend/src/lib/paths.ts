// Every in-app URL is built here; components never concatenate paths themselves.
import type { AuditResult, OperationState } from '../api/types';

/** Route patterns for the router (react-router syntax). */
export const routes = {
  login: '/login',
  clusters: '/clusters',
  cluster: '/clusters/:clusterId',
  operations: '/operations',
  operation: '/operations/:operationId',
  audit: '/audit',
  users: '/users',
  tokens: '/tokens',
} as const;

export interface AuditFilters {
  username?: string;
  action?: string;
  result?: AuditResult;
  /** ISO-8601 instant */
  from?: string;
  /** ISO-8601 instant */
  to?: string;
  page?: number;
  size?: number;
}

export interface OperationFilters {
  state?: OperationState;
  clusterId?: number;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Only same-app absolute paths are accepted as a post-login target. */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return undefined;
  if (next === routes.login || next.startsWith(`${routes.login}?`)) return undefined;
  return next;
}

export const paths = {
  home: () => routes.clusters,
  login: (next?: string) => withQuery(routes.login, { next: safeNext(next) }),
  clusters: () => routes.clusters,
  cluster: (clusterId: number | string) => `/clusters/${seg(clusterId)}`,
  operations: (filters: OperationFilters = {}) =>
    withQuery(routes.operations, { state: filters.state, clusterId: filters.clusterId }),
  operation: (operationId: string) => `/operations/${seg(operationId)}`,
  audit: (filters: AuditFilters = {}) =>
    withQuery(routes.audit, {
      username: filters.username,
      action: filters.action,
      result: filters.result,
      from: filters.from,
      to: filters.to,
      page: filters.page ? filters.page : undefined,
      size: filters.size,
    }),
  users: () => routes.users,
  tokens: () => routes.tokens,
};

/** Raw API URLs needed outside openapi-fetch (EventSource, shell equivalents). */
export const apiUrls = {
  operationStream: (operationId: string) => `/api/v1/operations/${seg(operationId)}/stream`,
  balancer: (clusterId: number) => `/api/v1/clusters/${seg(clusterId)}/balancer`,
  cancelOperation: (operationId: string) => `/api/v1/operations/${seg(operationId)}/cancel`,
  users: () => '/api/v1/users',
  user: (username: string) => `/api/v1/users/${seg(username)}`,
  tokens: () => '/api/v1/tokens',
  token: (tokenId: number) => `/api/v1/tokens/${seg(tokenId)}`,
  clusters: () => '/api/v1/clusters',
};
