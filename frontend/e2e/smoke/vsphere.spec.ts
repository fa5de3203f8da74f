import { expect, test } from '../fixtures';
import { WRONG_PASSWORD } from './mockVsphere';
import { shot, signIn } from './session';

test('admin: vCenter connections, a refused sign-in in words, test and browse', async ({
  page,
  vcentersPage: vc,
}) => {
  await signIn(page, 'ADMIN');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'vCenters' })
    .click();
  await expect(vc.heading()).toBeVisible();
  await expect(vc.rows()).toHaveCount(1);
  await expect(vc.row('vc-lab')).toContainText('not verified');

  // A second connection with a wrong password: saved (nothing contacted), refused by the test.
  await vc.addLink().click();
  await expect(vc.tlsVerify()).toBeChecked();
  await vc.fill({
    name: 'vc-prod',
    url: 'https://vcenter.example.com/sdk',
    username: 'administrator@vsphere.local',
    password: WRONG_PASSWORD,
    insecure: true,
  });
  await expect(vc.tlsOffWarning()).toContainText('lab or a simulator only');
  await expect(page.getByRole('figure', { name: 'govc equivalent' })).toContainText(
    'GOVC_INSECURE=1',
  );
  await page.screenshot({ path: shot('vcenter-form'), fullPage: true });
  await vc.submit().click();
  await expect(vc.detail('vc-prod')).toBeVisible();
  await vc.testButton().click();
  await expect(vc.problem()).toHaveAttribute('data-code', 'vcenter-auth');
  await expect(vc.problem()).toContainText('vCenter refused the user name or password');
  await expect(vc.problem()).toContainText('incorrect user name or password');
  await page.screenshot({ path: shot('vcenter-test-refused'), fullPage: true });

  // The lab connection: signed in, then its inventory.
  await vc.goto();
  await vc.row('vc-lab').getByRole('link', { name: 'vc-lab' }).click();
  await vc.testButton().click();
  await expect(vc.apiVersion()).toHaveText('8.0.3.0');
  await expect(vc.latency()).toHaveText('12 ms');
  await vc.browseButton().click();
  await expect(vc.computeCluster('DC0_C0')).toContainText('3 of 3 hosts usable');
  await expect(vc.esxiHosts()).toHaveCount(3);
  await page.screenshot({ path: shot('vcenter-browse'), fullPage: true });
  await vc.tab(/^Datastores/).click();
  await expect(vc.datastoreRows()).toHaveCount(2);
  await expect(
    vc.datastoreRows().nth(1).getByRole('progressbar', { name: 'LocalDS_1 used' }),
  ).toHaveAttribute('aria-valuenow', '95');
  await vc.tab(/^Networks/).click();
  await expect(vc.networkRows().nth(1)).toContainText('jumbo frames');
  await vc.tab(/^Templates/).click();
  await expect(vc.templateRows()).toContainText('granary-template');
  await page.screenshot({ path: shot('vcenter-templates'), fullPage: true });

  // Delete the wrong one, confirmed.
  await vc.goto();
  await vc
    .row('vc-prod')
    .getByRole('button', { name: 'Delete vCenter connection vc-prod' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
  await expect(vc.rows()).toHaveCount(1);
});

test('admin: a vSphere cluster from the wizard to HEALTHY, then destroyed by its typed name', async ({
  page,
  newClusterPage: wizard,
  provisioningRunPage: runPage,
  vsphereDestroyPage: destroy,
}) => {
  await signIn(page, 'ADMIN');
  await wizard.goto();
  await wizard.infrastructure('vSphere').check();
  await wizard.name().fill('vm1');
  await wizard.next().click();
  await expect(wizard.step('hosts')).toHaveText(/VMs/);

  // Step 2: picks from the live inventory (single choices taken), node groups.
  await wizard.select('vCenter connection').selectOption('vc-lab');
  await expect(wizard.select('Compute cluster')).toHaveValue('DC0_C0');
  await expect(wizard.select('Template')).toHaveValue('granary-template');
  await wizard.select('Network').selectOption('VM Network');
  await wizard.datastore('LocalDS_0').check();
  await wizard.groupCell('vCPU', 1).fill('2');
  await wizard.groupCell('Memory', 1).fill('4');
  await wizard.groupCell('Count', 2).fill('2');
  // more memory than an ESXi host has: the planner refuses it on that cell
  await wizard.groupCell('Memory', 2).fill('128');
  await expect(wizard.vmNames()).toContainText('3 VMs: vm1-master-1, vm1-worker-1, vm1-worker-2');
  await wizard.next().click();
  await expect(wizard.problems()).toHaveAttribute('data-code', 'vm-exceeds-esxi-host');
  await expect(wizard.problems()).toContainText('node group 2 · memory');
  await page.getByRole('button', { name: 'Go to VMs' }).click();
  await expect(wizard.groupRows().nth(1).getByTestId('vsphere-group-error')).toContainText(
    'vm-exceeds-esxi-host',
  );
  await page.screenshot({ path: shot('vsphere-finding'), fullPage: true });
  await wizard.groupCell('Memory', 2).fill('16');
  await wizard.next().click();

  // Step 3: every VM with its ESXi host, the DRS rule, each setting's provenance, the host plan.
  await expect(wizard.vmRows()).toHaveCount(3);
  await expect(wizard.vmRow('vm1-worker-2')).toHaveAttribute('data-esxi', 'DC0_C0_H1');
  await expect(wizard.vmRow('vm1-worker-1')).toContainText('200 GB eagerzeroedthick on LocalDS_0');
  await expect(wizard.drsRule()).toContainText('vm1-worker-1, vm1-worker-2');
  await expect(wizard.drsRule()).toContainText('mandatory');
  await expect(wizard.vmSettings('mtu')).toHaveAttribute('data-source', 'SIZING_RULE');
  await expect(wizard.vmSettings('mtu')).toContainText('no jumbo frames');
  await expect(wizard.planHost('10.20.0.12')).toHaveAttribute(
    'data-roles',
    'datanode regionserver',
  );
  await page.screenshot({ path: shot('vsphere-plan'), fullPage: true });

  // Step 4: the govc / ansible-playbook lines, then one operation.
  await wizard.next().click();
  await expect(wizard.govcCommand()).toContainText('govc cluster.rule.create');
  await wizard.createVmsButton().click();
  await wizard.confirmCreateVms().click();
  await expect(page).toHaveURL(/\/provisioning\/runs\/\d+$/);
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.taskRows().first()).toContainText('Create the VMs in vCenter');
  await expect(runPage.taskRows().filter({ hasText: 'Clone vm1-worker-2' })).toHaveCount(1);
  await expect(runPage.taskRows().filter({ hasText: 'PLAY HBase' })).toHaveCount(1);
  await expect(runPage.clusterHealth()).toHaveAttribute('data-status', 'HEALTHY');
  await page.screenshot({ path: shot('vsphere-run'), fullPage: true });

  // Destroy: the VMs listed, the name typed.
  const clusterId = Number((await runPage.openCluster().getAttribute('href'))!.split('/').pop());
  await destroy.goto(clusterId);
  await expect(destroy.vms()).toHaveCount(3);
  await destroy.destroyButton().click();
  await expect(destroy.confirm()).toBeDisabled();
  await destroy.typedName().fill('vm');
  await expect(destroy.confirm()).toBeDisabled();
  await destroy.typedName().fill('vm1');
  await page.screenshot({ path: shot('vsphere-destroy'), fullPage: true });
  await destroy.confirm().click();
  await expect(page).toHaveURL(/\/provisioning\/runs\/\d+$/);
  await expect(runPage.state()).toHaveText('SUCCEEDED');
  await expect(runPage.destroyed()).toContainText('no longer registered');
  await expect(runPage.openCluster()).toHaveCount(0);
});

test('operator: browses a connection but neither adds, tests nor edits one', async ({
  page,
  vcentersPage: vc,
}) => {
  await signIn(page, 'OPERATOR');
  await vc.goto();
  await expect(vc.rows()).toHaveCount(1);
  await expect(vc.addLink()).toHaveCount(0);
  await vc.row('vc-lab').getByRole('link', { name: 'vc-lab' }).click();
  await expect(vc.testButton()).toHaveCount(0);
  await vc.browseButton().click();
  await expect(vc.esxiHosts()).toHaveCount(3);
});
