import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../api/types';
import { authKeys } from '../features/auth/api';

export function testQueryClient(user?: CurrentUser | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchInterval: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
  if (user !== undefined) client.setQueryData(authKeys.me(), user);
  return client;
}

interface RenderOptions {
  /** Signed-in user (undefined: ask the mocked API). */
  user?: CurrentUser | null;
  /** URL to start at. */
  route?: string;
  /** Route pattern the element is mounted at (for useParams). */
  path?: string;
  client?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const client = options.client ?? testQueryClient(options.user);
  const route = options.route ?? '/';
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          <Route path="*" element={<div data-testid="other-route" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => {
  status?: number;
  body?: unknown;
  contentType?: string;
};

/**
 * Replaces fetch with a router over "METHOD /api/v1/path" keys; unmatched requests get 404
 * problem+json. Returns the list of requests made.
 */
export function mockFetch(handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const handler = handlers[`${request.method} ${url.pathname}`];
    const result =
      typeof handler === 'function'
        ? handler(recorded)
        : (handler ?? {
            status: 404,
            body: { type: 'about:blank', title: 'Not found', status: 404, code: 'not-found' },
          });
    const status = result.status ?? 200;
    if (status === 204) return new Response(null, { status });
    const contentType: string =
      ('contentType' in result && typeof result.contentType === 'string'
        ? result.contentType
        : undefined) ?? (status >= 400 ? 'application/problem+json' : 'application/json');
    return new Response(JSON.stringify(result.body ?? null), {
      status,
      headers: { 'Content-Type': contentType },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
