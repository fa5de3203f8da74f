import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface ClusterSummary {
  id: number;
  name: string;
  health: { status: string; reasons: { code: string; message: string }[] };
}

export interface OperationSummary {
  id: string;
  type: string;
  state: string;
  progress: number;
}

export interface CreateTableBody {
  name: string;
  families: { name: string }[];
  split: { strategy: 'NONE' | 'SALT'; saltBuckets?: number };
}

export interface HeatmapSummary {
  intervalSeconds: number;
  times: string[];
  ranges: { startKey: string; endKey: string }[];
}

const FINAL_STATES = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The REST API as a console session would use it: session cookie + X-XSRF-TOKEN on mutations. */
export class GranaryApi {
  constructor(readonly request: APIRequestContext) {}

  async login(username: string, password: string): Promise<void> {
    const response = await this.request.post('/api/v1/auth/login', {
      data: { username, password },
    });
    await json(response, `login as ${username}`);
  }

  async xsrfToken(): Promise<string | undefined> {
    const find = async () =>
      (await this.request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value;
    let token = await find();
    if (!token) {
      // Some CSRF setups only issue the cookie on a later request.
      await this.request.get('/api/v1/auth/me');
      token = await find();
    }
    return token;
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.xsrfToken();
    return token ? { [XSRF_HEADER]: token } : {};
  }

  async post(path: string, data?: unknown): Promise<APIResponse> {
    return this.request.post(path, { headers: await this.headers(), data });
  }

  async patch(path: string, data: unknown): Promise<APIResponse> {
    return this.request.patch(path, { headers: await this.headers(), data });
  }

  async delete(path: string): Promise<APIResponse> {
    return this.request.delete(path, { headers: await this.headers() });
  }

  async clusters(): Promise<ClusterSummary[]> {
    return json(await this.request.get('/api/v1/clusters'), 'list clusters');
  }

  async clusterByName(name: string): Promise<ClusterSummary> {
    const cluster = (await this.clusters()).find((c) => c.name === name);
    if (!cluster) throw new Error(`No cluster named "${name}" is registered in the backend.`);
    return cluster;
  }

  async health(clusterId: number): Promise<ClusterSummary['health']> {
    return json(await this.request.get(`/api/v1/clusters/${clusterId}/health`), 'cluster health');
  }

  async createUser(
    username: string,
    password: string,
    role: 'VIEWER' | 'OPERATOR' | 'ADMIN',
  ): Promise<void> {
    const response = await this.post('/api/v1/users', { username, password, role });
    expect(response.status(), await response.text()).toBe(201);
  }

  async deleteUser(username: string): Promise<void> {
    const response = await this.delete(`/api/v1/users/${encodeURIComponent(username)}`);
    expect([204, 404]).toContain(response.status());
  }

  async runBalancer(clusterId: number): Promise<OperationSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/balancer`);
    expect(response.status(), await response.text()).toBe(202);
    return (await response.json()) as OperationSummary;
  }

  async operation(operationId: string): Promise<OperationSummary> {
    return json(await this.request.get(`/api/v1/operations/${operationId}`), 'get operation');
  }

  async auditEntries(
    query: Record<string, string>,
  ): Promise<{ action: string; username: string }[]> {
    const qs = new URLSearchParams(query).toString();
    const page = await json<{ items: { action: string; username: string }[] }>(
      await this.request.get(`/api/v1/audit?${qs}`),
      'audit',
    );
    return page.items;
  }

  /** `table` is the HBase name (`ns:qualifier` or the qualifier); the path needs it encoded. */
  private tablePath(clusterId: number, table: string): string {
    return `/api/v1/clusters/${clusterId}/tables/${encodeURIComponent(table)}`;
  }

  async createTable(clusterId: number, body: CreateTableBody): Promise<OperationSummary> {
    const response = await this.post(`/api/v1/clusters/${clusterId}/tables`, body);
    expect(response.status(), await response.text()).toBe(202);
    return ((await response.json()) as { operation: OperationSummary }).operation;
  }

  async tableExists(clusterId: number, table: string): Promise<boolean> {
    const response = await this.request.get(this.tablePath(clusterId, table));
    if (response.status() === 404) return false;
    await json(response, `get table ${table}`);
    return true;
  }

  /** Drops the table if it exists (test cleanup); resolves once the drop has finished. */
  async dropTableIfExists(clusterId: number, table: string): Promise<void> {
    if (!(await this.tableExists(clusterId, table))) return;
    const response = await this.delete(
      `${this.tablePath(clusterId, table)}?confirm=${encodeURIComponent(table)}`,
    );
    expect(response.status(), await response.text()).toBe(202);
    await this.waitForOperation(((await response.json()) as OperationSummary).id);
  }

  async heatmap(clusterId: number, table: string): Promise<HeatmapSummary> {
    return json(
      await this.request.get(`${this.tablePath(clusterId, table)}/heatmap?minutes=15`),
      'heatmap',
    );
  }

  /** Polls an operation until it is final and returns it. */
  async waitForOperation(operationId: string, timeoutMs = 120_000): Promise<OperationSummary> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const op = await this.operation(operationId);
      if (FINAL_STATES.has(op.state)) return op;
      if (Date.now() > deadline) throw new Error(`operation ${operationId} still ${op.state}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
