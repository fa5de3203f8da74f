import type { Locator } from '@playwright/test';
import type {
  ClusterSpecBody,
  ClusterSummary,
  GranaryApi,
  InstalledVersionSummary,
  ProvisioningRunDetail,
} from '../api';
import { ADMIN_USER, env, LAB_HOSTS_FILE } from '../env';
import { expect, test } from '../fixtures';
import {
  INSTALLED_LAB_HOSTS,
  LAB_DATA_DISK,
  type LabHost,
  labPrivateKey,
  readLabHosts,
} from '../lab';
import type { ProvisioningRunPage } from '../pages/ProvisioningRunPage';

// Day 2 of the cluster spec 10 installed on the first 3 lab hosts: a rolling restart of the
// RegionServers paused after its first step and resumed, then a scale-out to the 4th lab host
// (through the API) that the scale-in page removes again. The cluster ends on the hosts spec 10
// gave it.

/** Until every host's DataNode and RegionServer serve and no region is in transition. */
const SERVING_MS = 5 * 60_000;
/** From Start until the first step is under way: the run row, ansible-playbook, facts. */
const STEP_START_MS = 2 * 60_000;
/** One RegionServer of the lab: unload its regions, restart, health, load them back. */
const RESTART_STEP_MS = 6 * 60_000;
/** How long the page may take to show a Resume taking effect. */
const RESUME_MS = 30_000;
/** scale_out.yml onto one lab host: engine copy, configs, starts, health waits. */
const SCALE_OUT_MS = 12 * 60_000;
/** scale_in.yml for one host: unload, stop, decommission, redundancy, stop, forget. */
const SCALE_IN_MS = 15 * 60_000;

/** A leaving host's phases in the contract (ScaleInHostProgress.phase), in scale_in.yml's order. */
const SCALE_IN_PHASES = [
  'PENDING',
  'UNLOADING_REGIONS',
  'STOPPING_REGIONSERVER',
  'DECOMMISSIONING',
  'WAITING_FOR_REDUNDANCY',
  'STOPPING_DATANODE',
  'FORGETTING',
  'DONE',
];
/** The phases a RegionServer's timeline must show, in this order. */
const RESTART_TIMELINE = ['UNLOADING_REGIONS', 'RESTARTING', 'LOADING_REGIONS'];

const SKIP_REASON =
  'GRANARY_LAB_HOSTS is not set: spec 14 works on the cluster spec 10 installs onto lab hosts; ' +
  'run `tools/lab/lab.sh up 4` and set GRANARY_LAB_HOSTS=<repo>/var/lab/hosts.json to include it';

if (!LAB_HOSTS_FILE) console.log(`14-day-two skipped: ${SKIP_REASON}`);

const NO_CLUSTER =
  'no PROVISIONED cluster installed on the lab hosts: spec 14 works on the cluster spec 10 ' +
  'installs; run both (tools/e2e.sh 10-provisioning 14-day-two)';

/** The newest PROVISIONED cluster whose newest installed version runs only on lab hosts. */
async function labCluster(
  api: GranaryApi,
  lab: readonly LabHost[],
): Promise<{ cluster: ClusterSummary; installed: InstalledVersionSummary }> {
  const names = new Set(lab.flatMap((h) => [h.hostname, h.address]));
  const provisioned = (await api.clusters())
    .filter((c) => c.kind === 'PROVISIONED')
    .sort((a, b) => b.id - a.id);
  for (const cluster of provisioned) {
    const [installed] = await api.installedVersions(cluster.id);
    if (installed && installed.hosts.every((h) => names.has(h))) return { cluster, installed };
  }
  throw new Error(NO_CLUSTER);
}

/**
 * Waits until the cluster serves with this many live DataNodes and RegionServers and no region in
 * transition: what a rolling restart or a scale-in check needs. Not HEALTHY: after a restart the
 * master may go on listing a RegionServer's previous instance as dead, which the health reports
 * as DEGRADED.
 */
async function waitServing(
  api: GranaryApi,
  cluster: ClusterSummary,
  live: { dataNodes: number; regionServers: number },
  why: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const { hdfs, hbase } = await api.overview(cluster.id);
        if (!hdfs.reachable || !hbase.reachable) {
          return `HDFS ${hdfs.reachable ? '' : 'un'}reachable, HBase ${hbase.reachable ? '' : 'un'}reachable`;
        }
        return (
          `${hdfs.liveDataNodes ?? 0} live DataNodes, ${hbase.liveRegionServers ?? 0} live ` +
          `RegionServers, ${hbase.regionsInTransition ?? 0} regions in transition`
        );
      },
      { timeout: SERVING_MS, intervals: [2_000], message: `${cluster.name}: ${why}` },
    )
    .toBe(
      `${live.dataNodes} live DataNodes, ${live.regionServers} live RegionServers, ` +
        '0 regions in transition',
    );
}

/** A run's message, failed tasks and steps or leaving hosts, for a failure message. */
function runReport(run: ProvisioningRunDetail): string {
  const failed = run.tasks
    .filter((t) => t.status === 'failed' || t.status === 'unreachable')
    .map((t) => `  [${t.host ?? '-'}] ${t.task}: ${t.message ?? ''}`);
  const steps = (run.steps ?? []).map(
    (s) => `  step ${s.seq} ${s.role} ${s.hosts.join(',')}: ${s.phase}`,
  );
  const hosts = (run.progress ?? []).map((p) => `  ${p.host}: ${p.phase}`);
  return [
    `run ${run.id} (${run.playbook}) ${run.state}: ${run.message ?? ''}`,
    ...steps,
    ...hosts,
    ...failed,
  ].join('\n');
}

/**
 * Polls the run page's state badge while it shows one of `live` (calling `onPoll` each time), then
 * fails with the run's report unless the state it moved to is `expected`.
 */
async function followRun(
  api: GranaryApi,
  runPage: ProvisioningRunPage,
  runId: number,
  live: readonly string[],
  expected: string,
  timeout: number,
  onPoll?: () => Promise<void>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await onPoll?.();
        const state = await runPage.state().getAttribute('data-state');
        return state != null && live.includes(state);
      },
      {
        timeout,
        intervals: [1_000],
        message: `run ${runId} still ${live.join(' or ')} after ${timeout / 1000} s`,
      },
    )
    .toBe(false);
  const state = await runPage.state().getAttribute('data-state');
  if (state !== expected) {
    expect(state, runReport(await api.provisioningRun(runId))).toBe(expected);
  }
}

/** The spec of the installed version with `address` added: what a scale-out to it sends. */
async function scaleOutSpec(
  api: GranaryApi,
  clusterId: number,
  version: number,
  address: string,
): Promise<ClusterSpecBody> {
  const { plan } = await api.installedVersion(clusterId, version);
  const config = await api.clusterConfig(clusterId);
  const spec: ClusterSpecBody = {
    name: plan.cluster,
    profile: plan.profile,
    // the installed hosts in their order (the planner places by order), roles left to it as spec
    // 10 left them; the ZooKeeper count pinned so the new host cannot change the quorum
    hosts: [...plan.hosts.map((h) => ({ address: h.address })), { address }],
    zookeeperCount: plan.hosts.filter((h) => h.roles.includes('zookeeper')).length,
  };
  if (plan.workload) spec.workload = plan.workload;
  if (plan.ha) spec.ha = plan.ha.enabled;
  if (plan.erasureCodingPolicies?.length) spec.erasureCodingPolicies = plan.erasureCodingPolicies;
  if (Object.keys(config.overrides).length > 0) spec.overrides = config.overrides;
  if (Object.keys(config.roleOverrides).length > 0) spec.roleOverrides = config.roleOverrides;
  return spec;
}

/** The phases a timeline row shows, in order, repeated ones once. */
async function timelinePhases(host: Locator): Promise<string[]> {
  const phases = await host
    .getByTestId('timeline-phase')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-phase') ?? ''));
  return phases.filter((p, i) => p !== phases[i - 1]);
}

test.describe('day two', () => {
  test.skip(!LAB_HOSTS_FILE, SKIP_REASON);

  test('an admin restarts the RegionServers one by one, pauses after the first step and resumes to SUCCEEDED', async ({
    adminApi,
    loginPage,
    clustersPage,
    overviewPage,
    rollingRestartPage: restartPage,
    provisioningRunPage: runPage,
  }) => {
    const { cluster } = await labCluster(adminApi, readLabHosts(LAB_HOSTS_FILE!));
    const { roles } = await adminApi.clusterConfig(cluster.id);
    const regionServers = roles.regionserver ?? [];
    test.setTimeout(SERVING_MS + STEP_START_MS + regionServers.length * RESTART_STEP_MS + 120_000);
    test.info().annotations.push({ type: 'cluster', description: cluster.name });
    expect(
      regionServers.length,
      `${cluster.name}: RegionServers (a pause between steps needs two)`,
    ).toBeGreaterThanOrEqual(2);
    const live = { dataNodes: roles.datanode?.length ?? 0, regionServers: regionServers.length };
    await waitServing(adminApi, cluster, live, 'not serving on every host');

    // Cluster → Rolling restart: RegionServers only, one at a time. The page has no host filter,
    // so every RegionServer gets a step.
    await loginPage.login(ADMIN_USER, env.adminPassword());
    expect(await clustersPage.open(cluster.name)).toBe(cluster.id);
    await overviewPage.rollingRestartLink().click();
    await expect(restartPage.heading()).toBeVisible();
    await restartPage.previewRestart(['regionserver'], 1);
    await expect(restartPage.planSteps()).toHaveCount(regionServers.length);
    for (const step of await restartPage.planSteps().all()) {
      await expect(step).toHaveAttribute('data-role', 'regionserver');
    }
    await expect(restartPage.ansibleEquivalent()).toContainText('rolling_restart.yml');

    // Start, confirmed with the cluster name → the run page lists the same steps.
    const runId = await restartPage.start(cluster.name);
    test.info().annotations.push({ type: 'run', description: String(runId) });
    const started = Date.now();
    try {
      await expect(runPage.restart()).toBeVisible();
      const steps = runPage.steps();
      await expect(steps).toHaveCount(regionServers.length);
      const first = steps.nth(0);
      const second = steps.nth(1);

      // Pause while the first step runs: the run ends that step and stops before the next.
      await expect(first, `run ${runId}: the first step did not start`).not.toHaveAttribute(
        'data-phase',
        'PENDING',
        { timeout: STEP_START_MS },
      );
      const phaseAtPause = await first.getAttribute('data-phase');
      expect(phaseAtPause, `run ${runId}: the first step was over before Pause`).not.toMatch(
        /^(DONE|FAILED)$/,
      );
      await runPage.restartPause().click();
      await expect(runPage.restartPausing().or(runPage.restartPaused())).toBeVisible();
      await followRun(adminApi, runPage, runId, ['RUNNING'], 'PAUSED', RESTART_STEP_MS);
      await expect(first).toHaveAttribute('data-phase', 'DONE');
      await expect(second).toHaveAttribute('data-phase', 'PENDING');
      await expect(runPage.restartPaused()).toContainText('Paused after');
      test.info().annotations.push({
        type: 'paused',
        description: `after the first step (${phaseAtPause} at Pause), ${Math.round((Date.now() - started) / 1000)} s in`,
      });

      // Resume → the steps left run, every one to DONE.
      await runPage.restartResume().click();
      await expect(runPage.state(), `run ${runId}: Resume did not take`).not.toHaveAttribute(
        'data-state',
        'PAUSED',
        { timeout: RESUME_MS },
      );
      await followRun(
        adminApi,
        runPage,
        runId,
        ['RUNNING'],
        'SUCCEEDED',
        (regionServers.length - 1) * RESTART_STEP_MS,
      );
      test.info().annotations.push({
        type: 'restart',
        description: `${regionServers.length} steps in ${Math.round((Date.now() - started) / 1000)} s, regions moved: ${await runPage.regionsMoved().textContent()}`,
      });

      // Each step DONE, its RegionServer's timeline unload → restart → load.
      for (const step of await steps.all()) {
        await expect(step).toHaveAttribute('data-phase', 'DONE');
        // the control plane checked that the server's regions are open on it again
        await expect(step.getByTestId('restart-step-regions-back')).toContainText('back');
        const seq = Number(await step.getAttribute('data-seq'));
        const hosts = runPage.timelineHosts(seq);
        await expect(hosts, `step ${seq}: one RegionServer (batch 1)`).toHaveCount(1);
        const host = hosts.first();
        const phases = await timelinePhases(host);
        expect(
          phases.filter((p) => RESTART_TIMELINE.includes(p)),
          `step ${seq}, ${await host.getAttribute('data-host')}: timeline ${phases.join(' → ')}`,
        ).toEqual(RESTART_TIMELINE);
      }
      // the first step's timeline, opened as a reader would
      const seq = Number(await first.getAttribute('data-seq'));
      await first.locator('summary').click();
      for (const phase of RESTART_TIMELINE) {
        await expect(
          runPage
            .timelineHosts(seq)
            .locator(`[data-testid="timeline-phase"][data-phase="${phase}"]`),
        ).toBeVisible();
      }
    } finally {
      // a run left RUNNING or PAUSED would refuse the next run on this cluster
      const run = await adminApi.provisioningRun(runId).catch(() => undefined);
      if (run?.state === 'RUNNING' || run?.state === 'PAUSED') {
        await adminApi.abortProvisioningRun(runId);
        await adminApi.waitForProvisioningRun(runId, RESTART_STEP_MS);
      }
    }
  });

  test('an admin scales the cluster out to the 4th lab host (API) and in again from the console', async ({
    adminApi,
    loginPage,
    clustersPage,
    overviewPage,
    scaleInPage: scaleIn,
    provisioningRunPage: runPage,
    installedVersionsPage: installs,
  }) => {
    test.setTimeout(SERVING_MS + SCALE_OUT_MS + SERVING_MS + SCALE_IN_MS + 120_000);
    const file = LAB_HOSTS_FILE!;
    const lab = readLabHosts(file);
    expect(
      lab.length,
      `${file}: a scale-in from 3 DataNodes is refused (replication 3), so spec 14 scales out to a ` +
        '4th lab host first; bring up 4 (tools/lab/lab.sh up 4, as tools/e2e.sh does)',
    ).toBeGreaterThan(INSTALLED_LAB_HOSTS);
    const spare = lab[INSTALLED_LAB_HOSTS]!;
    const { cluster, installed } = await labCluster(adminApi, lab);
    test.info().annotations.push({ type: 'cluster', description: cluster.name });
    // an earlier run that stopped half-way may have left the spare host in the cluster
    const kept = installed.hosts.filter((h) => h !== spare.hostname && h !== spare.address);
    const { roles } = await adminApi.clusterConfig(cluster.id);
    const live = {
      dataNodes: roles.datanode?.length ?? 0,
      regionServers: roles.regionserver?.length ?? 0,
    };
    await waitServing(adminApi, cluster, live, 'not serving on every host');

    // The spare host into the inventory, as spec 10 adds hosts (its key pasted, data disk /data/1).
    if (!(await adminApi.hosts()).some((h) => h.address === spare.address)) {
      const added = await adminApi.addHost({
        address: spare.address,
        hostname: spare.hostname,
        sshUser: spare.sshUser,
        privateKey: labPrivateKey(file, spare),
        cores: spare.cores,
        ramMb: spare.ramMb,
        dataDisks: [LAB_DATA_DISK],
      });
      expect(added.reachable, `${spare.address}: SSH port (${added.checkMessage ?? ''})`).toBe(
        true,
      );
    }

    // Scale out through the API: the installed spec plus the spare host. The plan's diff first,
    // so a spec that would move roles fails here and not half-way through a run.
    const scaleOut = kept.length === installed.hosts.length;
    if (scaleOut) {
      const spec = await scaleOutSpec(adminApi, cluster.id, installed.version, spare.address);
      const diff = (await adminApi.plan(spec)).diff;
      expect(
        diff,
        `plan of ${cluster.name} + ${spare.address}: no diff against the installed version`,
      ).toBeDefined();
      expect(
        { added: diff!.hostsAdded, removed: diff!.hostsRemoved, roleChanges: diff!.roleChanges },
        `plan of ${cluster.name} + ${spare.address}: ${diff!.summary.join('; ')}`,
      ).toEqual({ added: [spare.hostname], removed: [], roleChanges: [] });
      const started = Date.now();
      const run = await adminApi.startProvisioningRun({
        spec,
        playbook: 'scale_out',
        newHosts: [spare.address],
      });
      test.info().annotations.push({ type: 'scale-out run', description: String(run.id) });
      const done = await adminApi.waitForProvisioningRun(run.id, SCALE_OUT_MS);
      expect(done.state, runReport(done)).toBe('SUCCEEDED');
      test.info().annotations.push({
        type: 'scale-out',
        description: `${Math.round((Date.now() - started) / 1000)} s`,
      });
    }

    // The NameNode and the master count the new host before the check asks them.
    if (scaleOut) {
      live.dataNodes += 1;
      live.regionServers += 1;
    }
    await waitServing(adminApi, cluster, live, `${spare.hostname} has not joined`);

    // Cluster → Scale in: only the spare host, checked OK.
    await loginPage.login(ADMIN_USER, env.adminPassword());
    expect(await clustersPage.open(cluster.name)).toBe(cluster.id);
    await overviewPage.scaleInLink().click();
    await expect(scaleIn.heading()).toBeVisible();
    await expect(scaleIn.hostRow(spare.address)).toHaveAttribute('data-eligible', 'true');
    await scaleIn.check([spare.address]);
    const findings = await scaleIn.findings().allTextContents();
    await expect(
      scaleIn.preflight(),
      `check of ${spare.address}:\n${findings.join('\n')}`,
    ).toHaveAttribute('data-ok', 'true');
    await expect(scaleIn.refusals()).toHaveCount(0);
    await expect(scaleIn.manualCommands()).toContainText(
      new RegExp(`\\b${spare.hostname}\\b|${spare.address.replaceAll('.', '\\.')}`),
    );

    // Start, confirmed with the cluster name → the run page follows the host to DONE.
    const runId = await scaleIn.start(cluster.name);
    test.info().annotations.push({ type: 'scale-in run', description: String(runId) });
    const started = Date.now();
    await expect(runPage.scaleIn()).toBeVisible();
    const leaving = runPage.leavingHost(spare.address);
    await expect(leaving).toBeVisible();
    const seen: string[] = [];
    const note = async () => {
      const phase = await leaving.getAttribute('data-phase');
      if (phase && phase !== seen.at(-1)) seen.push(phase);
    };
    try {
      await followRun(adminApi, runPage, runId, ['RUNNING'], 'SUCCEEDED', SCALE_IN_MS, note);
      await note();
    } finally {
      test.info().annotations.push({
        type: 'scale-in',
        description: `${Math.round((Date.now() - started) / 1000)} s: ${seen.join(' → ')}`,
      });
    }
    await expect(leaving).toHaveAttribute('data-phase', 'DONE');
    const order = seen.map((p) => SCALE_IN_PHASES.indexOf(p));
    expect(
      order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!)),
      `phases in scale_in.yml's order: ${seen.join(' → ')}`,
    ).toBe(true);
    expect(
      seen.filter((p) => p !== 'PENDING' && p !== 'DONE').length,
      `a phase between PENDING and DONE on the page: ${seen.join(' → ')}`,
    ).toBeGreaterThan(0);

    // Installed versions: a scale_in version on the hosts spec 10 installed, without the spare.
    const [newest] = await adminApi.installedVersions(cluster.id);
    expect(newest?.playbook, `newest installed version of ${cluster.name}`).toBe('scale_in');
    expect([...newest!.hosts].sort()).toEqual([...kept].sort());
    await installs.goto(cluster.id);
    await expect(installs.rows().first()).toHaveAttribute('data-version', String(newest!.version));
    const row = installs.row(newest!.version);
    await expect(row).toContainText('Scale-in');
    for (const h of kept) await expect(row).toContainText(h);
    await expect(row).not.toContainText(spare.hostname);
  });
});
