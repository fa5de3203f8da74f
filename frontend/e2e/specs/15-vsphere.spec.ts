import { existsSync, readFileSync } from 'node:fs';
import { ADMIN_USER, env, LAB_HOSTS_FILE, VSPHERE } from '../env';
import { expect, test } from '../fixtures';
import { labPrivateKey, readLabHosts } from '../lab';

/** vsphere_vms.yml on the simulator (3 clones, reconfigure, rule), then install.yml on 3 lab hosts. */
const RUN_TIMEOUT_MS = 20 * 60_000;
/** The first task: the run's files written, ansible-playbook started. */
const FIRST_TASK_TIMEOUT_MS = 3 * 60_000;
const HEALTHY_TIMEOUT_MS = 5 * 60_000;
const DESTROY_TIMEOUT_MS = 5 * 60_000;

const CONNECTION = 'vcsim';

const skipReason = (): string | undefined => {
  if (!LAB_HOSTS_FILE) return 'GRANARY_LAB_HOSTS is not set: the VMs install onto lab hosts';
  if (!VSPHERE.url || !VSPHERE.password)
    return 'GRANARY_VCENTER_URL / GRANARY_VCENTER_PASSWORD are not set: tools/e2e.sh starts the vCenter simulator when Go can build it';
  if (!VSPHERE.guestMap || !existsSync(VSPHERE.guestMap))
    return 'no guest map (GRANARY_VSPHERE_GUEST_MAP): tools/e2e.sh writes it when the lab has 7 hosts';
  return undefined;
};
const SKIP = skipReason();
if (SKIP) console.log(`15-vsphere skipped: ${SKIP}`);

test.describe('vSphere', () => {
  test.skip(SKIP != null, SKIP);

  test('an admin adds the simulator, tests and browses it, creates a 3-VM cluster to HEALTHY and destroys it', async ({
    adminApi,
    loginPage,
    vcentersPage: vc,
    newClusterPage: wizard,
    provisioningRunPage: runPage,
    overviewPage,
    vsphereDestroyPage: destroy,
    page,
  }) => {
    test.setTimeout(RUN_TIMEOUT_MS + HEALTHY_TIMEOUT_MS + DESTROY_TIMEOUT_MS + 10 * 60_000);
    const cluster = VSPHERE.cluster;
    // {vm name: lab address}: the VMs the plan will name, on hosts no other spec uses
    const guestMap = JSON.parse(readFileSync(VSPHERE.guestMap!, 'utf8')) as Record<string, string>;
    const vmNames = Object.keys(guestMap);
    expect(vmNames.sort()).toEqual([
      `${cluster}-master-1`,
      `${cluster}-worker-1`,
      `${cluster}-worker-2`,
    ]);
    const lab = readLabHosts(LAB_HOSTS_FILE!);
    const first = lab.find((h) => h.address === guestMap[`${cluster}-master-1`])!;
    test.info().annotations.push({ type: 'guest map', description: JSON.stringify(guestMap) });

    // A connection an earlier run against this backend left goes first.
    for (const v of await adminApi.vcenters()) {
      if (v.name === CONNECTION) await adminApi.deleteVcenter(v.id);
    }

    // vCenter connections: add the simulator (self-signed: verification off, with the warning).
    await loginPage.login(ADMIN_USER, env.adminPassword());
    await vc.goto();
    await expect(vc.heading()).toBeVisible();
    await vc.addLink().click();
    await expect(vc.tlsVerify()).toBeChecked();
    await vc.fill({
      name: CONNECTION,
      url: VSPHERE.url!,
      username: VSPHERE.user,
      password: VSPHERE.password!,
      insecure: true,
      guestSshUser: first.sshUser,
      guestPrivateKey: labPrivateKey(LAB_HOSTS_FILE!, first),
    });
    await expect(vc.tlsOffWarning()).toBeVisible();
    await vc.submit().click();
    await expect(vc.detail(CONNECTION)).toBeVisible();

    // Test connection: signed in, the simulator's API version and a round trip.
    await vc.testButton().click();
    await expect(vc.testResult()).toHaveAttribute('data-ok', 'true', { timeout: 60_000 });
    await expect(vc.apiVersion()).toHaveText('8.0.3.0');
    await expect(vc.latency()).toContainText('ms');
    await expect(vc.govc().first()).toContainText('govc');

    // Browse: DC0 → DC0_C0 with its 3 ESXi hosts, datastores, networks, the template.
    await vc.browseButton().click();
    await expect(vc.computeCluster('DC0_C0')).toBeVisible({ timeout: 60_000 });
    await expect(vc.esxiHosts()).toHaveCount(3);
    await vc.tab(/^Datastores/).click();
    await expect(vc.datastoreRows()).toHaveCount(2);
    await expect(vc.datastoreRows().first().getByTestId('datastore-free')).toHaveText(
      /^[\d.]+ [KMGTP]iB \/ [\d.]+ [KMGTP]iB$/,
    );
    await vc.tab(/^Networks/).click();
    await expect(vc.networkRows().filter({ hasText: 'VM Network' })).toHaveCount(1);
    await vc.tab(/^Templates/).click();
    await expect(vc.templateRows().filter({ hasText: 'granary-template' })).toContainText(
      'vmxnet3',
    );

    // Wizard: vSphere, the lab profile, one NameNode and HMaster.
    await wizard.goto();
    await wizard.infrastructure('vSphere').check();
    await wizard.name().fill(cluster);
    await wizard.profile().selectOption('lab');
    await wizard.highAvailability().selectOption('off');
    await wizard.next().click();

    // VMs: picked from the simulator's live inventory; 1 master + 2 workers, small.
    await wizard.select('vCenter connection').selectOption(CONNECTION);
    await expect(wizard.select('Datacenter')).toHaveValue('DC0', { timeout: 60_000 });
    await expect(wizard.select('Compute cluster')).toHaveValue('DC0_C0');
    await wizard.select('Template').selectOption('granary-template');
    await wizard.select('Network').selectOption('VM Network');
    await wizard.datastore('LocalDS_0').check();
    await wizard.select('Disk provisioning').selectOption('thin');
    await wizard.groupCell('vCPU', 1).fill('2');
    await wizard.groupCell('Memory', 1).fill('4');
    await wizard.groupCell('Count', 2).fill('2');
    await wizard.groupCell('vCPU', 2).fill('2');
    await wizard.groupCell('Memory', 2).fill('4');
    await wizard.groupCell('Data disk', 2).fill('10');
    await expect(wizard.vmNames()).toContainText(vmNames.sort().join(', '));
    await wizard.next().click();

    // Review: the VMs with their ESXi hosts, the DRS rule, every setting's provenance, the host plan.
    await expect(wizard.vmRows()).toHaveCount(3, { timeout: 60_000 });
    await expect(wizard.problems()).toHaveCount(0);
    const esxi = await wizard
      .vmRows()
      .evaluateAll((rows) =>
        rows
          .filter((r) => r.getAttribute('data-group') === 'worker')
          .map((r) => r.getAttribute('data-esxi')),
      );
    expect(new Set(esxi).size, `workers on distinct ESXi hosts: ${esxi.join(', ')}`).toBe(2);
    await expect(wizard.drsRule()).toContainText(`${cluster}-workers`);
    await expect(wizard.drsRule()).toContainText(`${cluster}-worker-1, ${cluster}-worker-2`);
    await expect(wizard.vmSettings('mtu').first()).toHaveAttribute('data-source', 'SIZING_RULE');
    await expect(wizard.vmSettings('memory_reservation_lock').first()).toContainText('true');
    await expect(wizard.placement()).toBeVisible();
    await wizard.next().click();

    // Create VMs and install: one operation, confirmed.
    await expect(wizard.govcCommand()).toContainText('govc');
    await wizard.createVmsButton().click();
    await wizard.confirmCreateVms().click();
    await page.waitForURL(/\/provisioning\/runs\/\d+$/);
    const runId = runPage.runId();
    test.info().annotations.push({ type: 'run', description: String(runId) });
    const started = Date.now();

    // The task stream: the VM tasks first, then the install's.
    const tasks = () => runPage.taskRows().count();
    await expect
      .poll(tasks, {
        timeout: FIRST_TASK_TIMEOUT_MS,
        intervals: [1_000],
        message: `run ${runId}: no task yet`,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await runPage.taskRows().allTextContents()).some((t) =>
            vmNames.some((vm) => t.includes(vm)),
          ),
        { timeout: RUN_TIMEOUT_MS / 2, intervals: [2_000], message: `run ${runId}: no VM task` },
      )
      .toBe(true);
    await expect
      .poll(() => runPage.state().getAttribute('data-state'), {
        timeout: RUN_TIMEOUT_MS,
        intervals: [2_000],
        message: `run ${runId} still RUNNING`,
      })
      .not.toBe('RUNNING');
    if ((await runPage.state().getAttribute('data-state')) !== 'SUCCEEDED') {
      const run = await adminApi.provisioningRun(runId);
      const failed = run.tasks
        .filter((t) => t.status === 'failed' || t.status === 'unreachable')
        .map((t) => `[${t.host ?? '-'}] ${t.task}: ${t.message ?? ''}`);
      expect(run.state, `run ${runId}: ${run.message ?? ''}\n${failed.join('\n')}`).toBe(
        'SUCCEEDED',
      );
    }
    // the install ran on the VMs' (mapped) addresses after the VM tasks
    const hostsSeen = new Set(
      (await adminApi.provisioningRun(runId)).tasks.map((t) => t.host).filter((h) => h != null),
    );
    for (const vm of vmNames) {
      expect(
        [...hostsSeen].some((h) => h === vm || h === guestMap[vm]),
        `install tasks on ${vm}: ${[...hostsSeen].join(', ')}`,
      ).toBe(true);
    }
    test.info().annotations.push({
      type: 'run time',
      description: `${Math.round((Date.now() - started) / 1000)} s, ${await tasks()} task rows`,
    });

    // Followed to HEALTHY on the run page, then on the cluster's overview.
    await expect(runPage.clusterHealth()).toHaveAttribute('data-status', 'HEALTHY', {
      timeout: HEALTHY_TIMEOUT_MS,
    });
    await runPage.openCluster().click();
    await page.waitForURL(/\/clusters\/\d+$/);
    await expect(overviewPage.healthStatus()).toHaveText('HEALTHY', {
      timeout: HEALTHY_TIMEOUT_MS,
    });

    // Destroy: from the overview, the VMs listed, the cluster name typed.
    await destroy.overviewLink().click();
    await expect(destroy.vms()).toHaveCount(3);
    await destroy.destroyButton().click();
    await expect(destroy.confirm()).toBeDisabled();
    await destroy.typedName().fill(cluster);
    await destroy.confirm().click();
    await page.waitForURL(/\/provisioning\/runs\/\d+$/);
    await expect
      .poll(() => runPage.state().getAttribute('data-state'), {
        timeout: DESTROY_TIMEOUT_MS,
        intervals: [2_000],
        message: 'destroy still RUNNING',
      })
      .toBe('SUCCEEDED');
    await expect(runPage.destroyed()).toBeVisible();
    expect((await adminApi.clusters()).some((c) => c.name === cluster)).toBe(false);
  });
});
