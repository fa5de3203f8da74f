import { randomBytes } from 'node:crypto';
import type { ExperimentDetail, GranaryApi } from '../api';
import { ADMIN_USER, env, LOCAL_CLUSTER } from '../env';
import { expect, test } from '../fixtures';

/** The EC policy the HDFS experiments write under (spec 11 enables it too). */
const POLICY = 'RS-3-2-1024k';
/** Launch to final of one small series on the local cluster: a JVM per run on a 2-core box. */
const SERIES_TIMEOUT_MS = 300_000;
/**
 * The same for a series that starts a scratch cluster of its own (per run for native-checksums):
 * 1–3 minutes each on the lab box, with room for a slow start.
 */
const SCRATCH_SERIES_TIMEOUT_MS = 360_000;
const LIVE = /^(QUEUED|RUNNING)$/;

interface Case {
  experiment: string;
  params: Record<string, unknown>;
  /** The panel titles the server draws for these params. */
  panels: string[];
  /** Launch to final (default SERIES_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Its runs take a CPU profile: the page draws a flame graph. */
  flame?: boolean;
  /** Runs of every variant (default 1). */
  repetitions?: number;
  /** The analysis tables the page shows (a sweep's regression). */
  tables?: string[];
}

/**
 * Each experiment at seconds-scale sizes; one series runs at a time, so they go one by one. The
 * last two start (and remove) a scratch cluster of their own: the server picks one for them when
 * the launch leaves `scratch` out, and the local cluster is not touched.
 */
const CASES: Case[] = [
  {
    experiment: 'ec-coder',
    params: {
      schemas: ['RS-3-2'],
      coders: ['isa-l', 'java'],
      threads: [1],
      cellsKib: [1024],
      mb: 32,
    },
    panels: ['Encode MiB/s', 'Decode MiB/s'],
  },
  {
    experiment: 'small-files',
    params: {
      layouts: ['replication', POLICY],
      sizesKib: [512, 1024, 3072, 5120],
      files: 1,
      blockSizeMb: 4,
    },
    panels: ['Block objects per file: replication', `Block objects per file: ${POLICY}`],
  },
  {
    experiment: 'dfsio',
    params: {
      layouts: ['replication', POLICY],
      coders: ['isa-l'],
      writers: [1],
      files: 2,
      fileMb: 8,
    },
    panels: ['Write MiB/s', 'Read MiB/s'],
  },
  {
    experiment: 'reconstruction',
    params: { layout: [POLICY], variants: ['defaults'], files: 4, fileMb: 8 },
    panels: ['Time to full redundancy'],
    timeoutMs: SCRATCH_SERIES_TIMEOUT_MS,
  },
  {
    experiment: 'native-checksums',
    params: {
      // one case is enough to open the kind's page and its flame graph (each case starts a scratch cluster)
      cases: ['no native'],
      rows: 5000,
      valueSize: 10240,
      flushes: 4,
    },
    panels: ['RegionServer CPU seconds', 'Wall seconds', 'Checksum share of CPU samples (%)'],
    timeoutMs: SCRATCH_SERIES_TIMEOUT_MS,
    flame: true,
  },
  {
    // 2 factors × 2 levels × 2 repetitions: a regression with error degrees of freedom
    experiment: 'factor-sweep',
    params: {
      operations: ['put'],
      blockCache: ['on', 'off'],
      keysPerRequest: [1, 10],
      blockSize: [65536],
      regions: [1],
      valueSize: [100],
      compression: ['NONE'],
      threads: 2,
      ops: 200,
      rows: 2000,
      budgetMinutes: 30,
    },
    repetitions: 2,
    panels: ['Effects on put (Pareto of |t|)'],
    tables: ['Regression: put seconds', 'Fastest configurations: put'],
  },
];

const timeoutOf = (c: Case) => c.timeoutMs ?? SERIES_TIMEOUT_MS;

/** A run's result holds a CPU profile as a flame tree (`profile.flame`). */
function hasFlame(result: Record<string, unknown> | null | undefined): boolean {
  const profile = result?.profile as { flame?: { n?: unknown; v?: unknown } } | undefined;
  return typeof profile?.flame?.n === 'string' && typeof profile.flame.v === 'number';
}

/** Why a series did not succeed, from its runs' states and messages. */
function outcome(e: ExperimentDetail): string {
  const runs = e.runs.map((r) => `${r.label}: ${r.state}${r.message ? ` (${r.message})` : ''}`);
  return `series ${e.summary.seriesId} ${e.summary.state}, ${e.summary.succeeded}/${e.summary.runs} succeeded; ${runs.join('; ')}`;
}

/** Best effort on the way out: a series still going is cancelled so the next spec finds none. */
async function stopSeries(api: GranaryApi, clusterId: number, seriesIds: readonly number[]) {
  for (const seriesId of seriesIds) {
    const e = await api.experiment(clusterId, seriesId).catch(() => undefined);
    if (!e || !LIVE.test(e.summary.state)) continue;
    await api.cancelExperiment(clusterId, seriesId);
    if (e.summary.operationId) {
      await api.waitForOperation(e.summary.operationId, 60_000).catch(() => undefined);
    }
  }
}

test('every experiment runs (on the cluster or a scratch one) and draws its figure beside the seed', async ({
  adminApi,
  loginPage,
  experimentPage,
}) => {
  test.setTimeout(CASES.reduce((ms, c) => ms + timeoutOf(c), 0) + 120_000);
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const enable = await adminApi.post(
    `/api/v1/clusters/${cluster.id}/erasure-coding/policies/${POLICY}/enable`,
  );
  expect(enable.status(), await enable.text()).toBe(200);
  const kinds = (await adminApi.experimentKinds()).map((k) => k.key);
  expect(kinds).toEqual(expect.arrayContaining(CASES.map((c) => c.experiment)));

  const tag = randomBytes(3).toString('hex');
  const series = new Map<string, number>();
  /** Runs with a flame graph, by experiment. */
  const profiled = new Map<string, number>();
  try {
    // Through the API, one after the other: a second series would be refused while one runs.
    for (const c of CASES) {
      const launched = await adminApi.launchExperiment(cluster.id, {
        experiment: c.experiment,
        name: `e2e ${c.experiment} ${tag}`,
        params: c.params,
        repetitions: c.repetitions ?? 1,
      });
      series.set(c.experiment, launched.seriesId);
      const op = await adminApi.waitForOperation(launched.operationId, timeoutOf(c));
      const done = await adminApi.experiment(cluster.id, launched.seriesId);
      expect(op.state, `${c.experiment}: ${outcome(done)}`).toBe('SUCCEEDED');
      expect(done.summary.state, `${c.experiment}: ${outcome(done)}`).toBe('SUCCEEDED');
      expect(done.panels.map((p) => p.title)).toEqual(expect.arrayContaining(c.panels));
      if (c.flame) {
        const withFlame = done.runs.filter((r) => hasFlame(r.result)).length;
        expect(withFlame, `${c.experiment}: runs with a CPU profile`).toBeGreaterThan(0);
        profiled.set(c.experiment, withFlame);
      }
      test.info().annotations.push({
        type: c.experiment,
        description: done.findings.map((f) => `${f.label}: ${f.ours} (seed ${f.seed})`).join('; '),
      });
    }

    // In the browser: each figure with its panels, and the findings beside the seed's.
    await loginPage.login(ADMIN_USER, env.adminPassword());
    for (const c of CASES) {
      await experimentPage.goto(cluster.id, series.get(c.experiment)!);
      await expect(experimentPage.state()).toHaveAttribute('data-state', 'SUCCEEDED');
      await expect(experimentPage.chart()).toBeVisible();
      for (const title of c.panels) {
        await expect(experimentPage.panelHeading(title), `${c.experiment}: panel`).toBeVisible();
      }
      await expect(experimentPage.findings().first()).toBeVisible();
      expect(await experimentPage.findings().count()).toBeGreaterThan(0);
      await expect(experimentPage.runRows().first()).toHaveAttribute('data-state', 'SUCCEEDED');
      await expect(experimentPage.downloadJson()).toHaveAttribute('download', /\.json$/);
      for (const title of c.tables ?? []) {
        const table = experimentPage.analysisTable(title);
        await expect(table, `${c.experiment}: table`).toBeVisible();
        expect(await table.getByRole('row').count(), `${title}: rows`).toBeGreaterThan(1);
      }
      if (c.flame) {
        await expect(experimentPage.profileHeading()).toBeVisible();
        await expect(experimentPage.flameGraph()).toBeVisible();
        await expect(experimentPage.flameFrames().first()).toBeAttached();
        await expect(experimentPage.flameLegend()).toContainText(
          /checksum frames: (<)?\d+(\.\d)?% of samples/,
        );
        // one run's graph at a time, picked by its label and repetition
        await expect(experimentPage.profileRunOptions()).toHaveCount(profiled.get(c.experiment)!);
        await expect(experimentPage.profileRun().locator('option:checked')).toHaveText(
          /^(no native|native for HDFS and HBase) #1$/,
        );
      }
    }
  } finally {
    await stopSeries(adminApi, cluster.id, [...series.values()]);
  }
});

test('the launch form refuses a bad thread list in words, without sending it', async ({
  adminApi,
  loginPage,
  experimentFormPage: form,
  page,
}) => {
  const cluster = await adminApi.clusterByName(LOCAL_CLUSTER);
  const kind = (await adminApi.experimentKinds()).find((k) => k.key === 'ec-coder');
  expect(kind, 'ec-coder in the catalog').toBeDefined();
  const threads = kind!.params.find((p) => p.name === 'threads');
  expect(threads?.kind).toBe('integers');

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/experiments$/.test(new URL(request.url()).pathname)) {
      posts.push(request.url());
    }
  });
  await loginPage.login(ADMIN_USER, env.adminPassword());
  await form.goto(cluster.id, 'ec-coder');
  await expect(page.getByRole('heading', { name: `New run: ${kind!.title}` })).toBeVisible();
  await form.reducedButton().click();
  // the server's count of what would run, before anything is sent to launch
  await expect(form.plan()).toContainText(/\d+ variants? × 1 repetition = \d+ runs?/);
  await form.field(threads!.label).fill('0,x');
  await form.launchButton().click();

  await expect(form.invalidNotice()).toBeVisible();
  await expect(form.field(threads!.label)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.field(threads!.label)).toHaveAccessibleDescription(/"x" is not a whole number/);
  if ((threads!.min ?? 0) > 0) {
    await expect(form.field(threads!.label)).toHaveAccessibleDescription(
      /\b0 is below the minimum/,
    );
  }
  expect(posts, 'nothing was sent').toEqual([]);
  expect(new URL(page.url()).pathname).toBe(`/clusters/${cluster.id}/experiments/new`);
});
