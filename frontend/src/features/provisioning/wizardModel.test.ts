import { ApiError } from '../../api/problem';
import { hostsFixture, planFixture } from '../../test/fixtures';
import {
  buildSpec,
  clusterInputErrors,
  defaultRealm,
  hostProblemsOf,
  initialWizard,
  kerberosCheckCommand,
  locateFinding,
  normalizeField,
  parseFinding,
  planProblems,
  problemsOfStep,
  problemWhere,
  renameCluster,
  securitySummary,
  setKerberos,
  toggleHost,
  toggleRole,
  validateStep,
  vsphereInputErrors,
  type WizardState,
  wizardSteps,
} from './wizardModel';

const state = (patch: Partial<WizardState> = {}): WizardState => ({
  ...initialWizard(),
  name: 'lab-a',
  ...patch,
});

describe('buildSpec', () => {
  it('lists the selected hosts in inventory order by address only, roles left to the planner', () => {
    // Selected in reverse order: the spec still follows the inventory.
    let s = toggleHost(state(), '10.77.0.13', true);
    s = toggleHost(s, '10.77.0.11', true);
    expect(buildSpec(s, hostsFixture)).toEqual({
      name: 'lab-a',
      infrastructure: 'bare-metal',
      profile: 'default',
      workload: 'balanced',
      hosts: [{ address: '10.77.0.11' }, { address: '10.77.0.13' }],
    });
  });

  it('sends explicit roles in the planner order, ZooKeeper count and EC policies only when chosen', () => {
    let s = state({
      name: '  lab-a ',
      profile: 'lab',
      workload: 'read-heavy',
      zookeeper: '3',
      ecPolicies: ['XOR-2-1-1024k', 'RS-3-2-1024k'],
    });
    s = toggleHost(s, '10.77.0.11', true);
    s = toggleHost(s, '10.77.0.12', true);
    s = toggleRole(s, '10.77.0.11', 'regionserver', true);
    s = toggleRole(s, '10.77.0.11', 'zookeeper', true);
    s = toggleRole(s, '10.77.0.11', 'zookeeper', true);
    expect(buildSpec(s, hostsFixture)).toEqual({
      name: 'lab-a',
      infrastructure: 'bare-metal',
      profile: 'lab',
      workload: 'read-heavy',
      zookeeperCount: 3,
      hosts: [
        { address: '10.77.0.11', roles: ['zookeeper', 'regionserver'] },
        { address: '10.77.0.12' },
      ],
      erasureCodingPolicies: ['RS-3-2-1024k', 'XOR-2-1-1024k'],
    });
  });

  it('leaves ha to the planner unless chosen, then sends it as a boolean', () => {
    const s = toggleHost(state({ name: 'lab-a' }), '10.77.0.11', true);
    expect(buildSpec(s, hostsFixture)).not.toHaveProperty('ha');
    expect(buildSpec({ ...s, ha: 'off' }, hostsFixture).ha).toBe(false);
    expect(buildSpec({ ...s, ha: 'on' }, hostsFixture).ha).toBe(true);
    const at = locateFinding(
      { field: 'ha', message: 'ha-too-few-hosts: HA needs 3 hosts, the spec has 1' },
      buildSpec(s, hostsFixture),
    );
    expect(at).toMatchObject({ step: 'cluster', input: 'ha', code: 'ha-too-few-hosts' });
  });

  it('drops roles untick by untick, and a deselected host with them', () => {
    let s = toggleHost(state(), '10.77.0.11', true);
    s = toggleRole(s, '10.77.0.11', 'namenode', true);
    s = toggleRole(s, '10.77.0.11', 'namenode', false);
    expect(buildSpec(s, hostsFixture).hosts).toEqual([{ address: '10.77.0.11' }]);
    s = toggleHost(s, '10.77.0.11', false);
    expect(buildSpec(s, hostsFixture).hosts).toEqual([]);
    // A role on a host that is not selected changes nothing.
    expect(toggleRole(s, '10.77.0.11', 'namenode', true)).toBe(s);
  });
});

describe('Kerberos', () => {
  const withHosts = (s: WizardState) =>
    toggleHost(toggleHost(s, '10.77.0.12', true), '10.77.0.11', true);

  it('leaves security out unless Kerberos is ticked', () => {
    const s = withHosts(state());
    expect(buildSpec(s, hostsFixture)).not.toHaveProperty('security');
    // ticked, then vSphere picked: the API refuses Kerberos there, so it is not sent
    const vsphere = { ...setKerberos(s, true), infrastructure: 'vsphere' as const };
    expect(buildSpec(vsphere, hostsFixture)).not.toHaveProperty('security');
    expect(
      validateStep(
        'cluster',
        { ...vsphere, security: { ...vsphere.security, realm: 'x' } },
        hostsFixture,
      ),
    ).toEqual([]);
  });

  it('sends the realm, the first chosen host as managed KDC and the protection levels', () => {
    const s = withHosts(setKerberos(state(), true));
    expect(s.security.realm).toBe('GRANARY.LAB-A');
    expect(buildSpec(s, hostsFixture).security).toEqual({
      kerberos: {
        realm: 'GRANARY.LAB-A',
        kdc: { managed: { host: '10.77.0.11' } },
        rpcProtection: 'authentication',
        dataTransferProtection: 'authentication',
      },
    });
    const picked = {
      ...s,
      security: {
        ...s.security,
        realm: ' CORP.EXAMPLE ',
        kdcHost: '10.77.0.12',
        rpcProtection: 'privacy' as const,
        dataTransferProtection: 'integrity' as const,
      },
    };
    expect(buildSpec(picked, hostsFixture).security).toEqual({
      kerberos: {
        realm: 'CORP.EXAMPLE',
        kdc: { managed: { host: '10.77.0.12' } },
        rpcProtection: 'privacy',
        dataTransferProtection: 'integrity',
      },
    });
  });

  it('defaults the realm from the cluster name, following it until edited', () => {
    expect(defaultRealm('')).toBe('GRANARY.LOCAL');
    expect(defaultRealm(' prod-1 ')).toBe('GRANARY.PROD-1');
    let s = setKerberos(state({ name: '' }), true);
    expect(s.security.realm).toBe('GRANARY.LOCAL');
    s = renameCluster(s, 'p');
    s = renameCluster(s, 'prod');
    expect(s.security.realm).toBe('GRANARY.PROD');
    s = { ...s, security: { ...s.security, realm: 'CORP' } };
    expect(renameCluster(s, 'other').security.realm).toBe('CORP');
    // unticked and ticked again: an edited realm is kept
    expect(setKerberos(setKerberos(s, false), true).security.realm).toBe('CORP');
  });

  it('checks the realm on the Cluster step, naming the rule', () => {
    const s = setKerberos(state(), true);
    const realm = (value: string) =>
      validateStep('cluster', { ...s, security: { ...s.security, realm: value } }, hostsFixture);
    expect(realm('GRANARY.TEST')).toEqual([]);
    expect(realm('granary.test')).toEqual([
      {
        field: 'security.kerberos.realm',
        message:
          "\"granary.test\" is not upper case: write GRANARY.TEST (realms are case-sensitive; upper-case letters, digits, '.' and '-' only)",
      },
    ]);
    expect(realm('MY REALM')[0]?.message).toBe(
      "\"MY REALM\" is not a realm: upper-case letters, digits, '.' and '-' only, e.g. GRANARY.TEST",
    );
    expect(realm('  ')[0]?.message).toMatch(/^a realm is required/);
    // the name and the realm are both reported
    expect(
      validateStep(
        'cluster',
        { ...s, name: '', security: { ...s.security, realm: 'x' } },
        hostsFixture,
      ).map((e) => e.field),
    ).toEqual(['name', 'security.kerberos.realm']);
    // a client message is not mistaken for "code: text"
    expect(locateFinding(realm('granary.test')[0]!, buildSpec(s, hostsFixture))).toMatchObject({
      step: 'cluster',
      input: 'realm',
      code: undefined,
    });
  });

  it('says on the Hosts step when the KDC host is no longer chosen', () => {
    let s = withHosts(setKerberos(state(), true));
    s = { ...s, security: { ...s.security, kdcHost: '10.77.0.12' } };
    expect(validateStep('hosts', s, hostsFixture)).toEqual([]);
    s = toggleHost(s, '10.77.0.12', false);
    expect(validateStep('hosts', s, hostsFixture)).toEqual([
      {
        field: 'security.kerberos.kdc.managed.host',
        message:
          'the KDC host 10.77.0.12 is no longer among the chosen hosts: select it again, or pick another KDC host in the Cluster step',
      },
    ]);
    // the default (first chosen host) follows the selection instead
    s = { ...s, security: { ...s.security, kdcHost: '' } };
    expect(validateStep('hosts', s, hostsFixture)).toEqual([]);
    expect(buildSpec(s, hostsFixture).security?.kerberos?.kdc.managed?.host).toBe('10.77.0.11');
  });

  it('places security.* findings on the Cluster step, on the input they name', () => {
    const spec = buildSpec(withHosts(setKerberos(state(), true)), hostsFixture);
    const at = (field: string, message = 'x: y') => locateFinding({ field, message }, spec);
    expect(normalizeField('spec.security.kerberos.kdc.managed.host')).toBe(
      'security.kerberos.kdc.managed.host',
    );
    expect(normalizeField('body.spec.security.kerberos')).toBe('security.kerberos');
    const kdc = at(
      'spec.security.kerberos.kdc.managed.host',
      'kerberos-kdc-host-unknown: "10.0.0.9" is not a host of the spec (lab1, lab2)',
    );
    expect(kdc).toMatchObject({
      step: 'cluster',
      input: 'kdcHost',
      code: 'kerberos-kdc-host-unknown',
      text: '"10.0.0.9" is not a host of the spec (lab1, lab2)',
    });
    expect(problemWhere(kdc)).toBe('KDC host');
    expect(at('security.kerberos.realm')).toMatchObject({ step: 'cluster', input: 'realm' });
    expect(at('security.kerberos.rpcProtection').input).toBe('rpcProtection');
    expect(at('security.kerberos.dataTransferProtection').input).toBe('dataTransferProtection');
    expect(at('security.kerberos.kdc.existing.kdcs[0]').input).toBe('kdcHost');
    expect(at('security.kerberos')).toMatchObject({ step: 'cluster', input: 'security' });
    expect(at('security')).toMatchObject({ step: 'cluster', input: 'security' });
    expect(clusterInputErrors([kdc])).toEqual({
      kdcHost: 'kerberos-kdc-host-unknown: "10.0.0.9" is not a host of the spec (lab1, lab2)',
    });
  });

  it('sums the security up for the review, and shows the check commands', () => {
    expect(securitySummary(undefined)).toBe('none (simple authentication)');
    const kerberos = {
      realm: 'GRANARY.TEST',
      kdc: { managed: { host: '10.77.0.11' } },
      rpcProtection: 'privacy' as const,
      dataTransferProtection: 'integrity' as const,
    };
    expect(securitySummary(kerberos)).toBe(
      'Kerberos, realm GRANARY.TEST, KDC on 10.77.0.11, RPC privacy, data transfer integrity',
    );
    expect(securitySummary(kerberos, planFixture)).toBe(
      'Kerberos, realm GRANARY.TEST, KDC on lab1 (10.77.0.11), RPC privacy, data transfer integrity',
    );
    expect(kerberosCheckCommand(' GRANARY.TEST ')).toContain(
      'kinit -kt /etc/granary/keytabs/hbase.keytab hbase/$(hostname -f)@GRANARY.TEST',
    );
    expect(kerberosCheckCommand('').at(-2)).toMatch(/@<REALM>$/);
  });
});

describe('validateStep', () => {
  it('checks the name on step 1 and the selection on step 2', () => {
    expect(validateStep('cluster', state({ name: '' }), hostsFixture)).toEqual([
      { field: 'name', message: 'a name is required' },
    ]);
    expect(validateStep('cluster', state({ name: 'Lab_1' }), hostsFixture)[0]?.field).toBe('name');
    expect(validateStep('cluster', state({ name: '1lab' }), hostsFixture)).toHaveLength(1);
    expect(validateStep('cluster', state({ name: 'e2e-lab-a1b2' }), hostsFixture)).toEqual([]);
    expect(validateStep('hosts', state(), hostsFixture)).toEqual([
      { field: 'hosts', message: 'select at least one host' },
    ]);
    expect(validateStep('hosts', toggleHost(state(), '10.77.0.12', true), hostsFixture)).toEqual(
      [],
    );
    // A selection of a host that left the inventory does not count.
    expect(
      validateStep('hosts', toggleHost(state(), '10.0.0.99', true), hostsFixture),
    ).toHaveLength(1);
    expect(validateStep('review', state({ name: '' }), hostsFixture)).toEqual([]);
  });
});

describe('planner findings', () => {
  const spec = buildSpec(
    toggleHost(toggleHost(state(), '10.77.0.11', true), '10.77.0.12', true),
    hostsFixture,
  );

  it('splits the stable code from the text', () => {
    expect(parseFinding('ram-too-small: needs 2 GiB; lab1 has 1 GiB')).toEqual({
      code: 'ram-too-small',
      text: 'needs 2 GiB; lab1 has 1 GiB',
    });
    expect(parseFinding('must not be blank')).toEqual({ text: 'must not be blank' });
    expect(parseFinding('Bad: capital')).toEqual({ text: 'Bad: capital' });
  });

  it('drops request prefixes from field names', () => {
    expect(normalizeField('spec.name')).toBe('name');
    expect(normalizeField('body.spec.hosts[0].address')).toBe('hosts[0].address');
    expect(normalizeField('hosts')).toBe('hosts');
  });

  it('places each field on its step, input or host', () => {
    const at = (field: string) => locateFinding({ field, message: 'x: y' }, spec);
    expect(at('name')).toMatchObject({ step: 'cluster', input: 'name', code: 'x', text: 'y' });
    expect(at('spec.name')).toMatchObject({ step: 'cluster', input: 'name' });
    expect(at('zookeeperCount')).toMatchObject({ step: 'cluster', input: 'zookeeperCount' });
    expect(at('erasureCoding.policies[0]')).toMatchObject({ step: 'cluster', input: 'ecPolicies' });
    expect(at('erasureCodingPolicies[1]')).toMatchObject({ step: 'cluster', input: 'ecPolicies' });
    expect(at('overrides.hbase-site').step).toBe('cluster');
    expect(at('overrides.hbase-site').input).toBeUndefined();
    expect(at('hosts[1].ramMb')).toMatchObject({
      step: 'hosts',
      hostIndex: 1,
      address: '10.77.0.12',
      hostPart: 'ramMb',
    });
    expect(at('hosts[0].dataDisks[2]')).toMatchObject({
      step: 'hosts',
      address: '10.77.0.11',
      hostPart: 'dataDisks[2]',
    });
    expect(at('hosts[5].address')).toMatchObject({
      step: 'hosts',
      hostIndex: 5,
      address: undefined,
    });
    expect(at('hosts').step).toBe('hosts');
    expect(at('hosts').hostIndex).toBeUndefined();
    expect(at('newHosts')).toMatchObject({ step: 'hosts' });
    expect(at('spec')).toMatchObject({ step: 'review' });
    expect(at('playbook')).toMatchObject({ step: 'review' });
  });

  it('reads a 400 into placed problems, and the Cluster step inputs into messages', () => {
    const error = ApiError.from(400, {
      title: 'Invalid request',
      status: 400,
      code: 'validation-failed',
      errors: [
        { field: 'name', message: 'invalid-cluster-name: name is required' },
        { field: 'hosts[0].ramMb', message: 'ram-too-small: needs 2 GiB; lab1 has 1 GiB' },
        { field: 'hosts[1].address', message: 'duplicate-address: 10.77.0.11 is also hosts[0]' },
        { field: 'zookeeperCount', message: 'zookeeper-count: must be 1 or 3, not 2' },
        { field: 'zookeeperCount', message: 'zookeeper-count: 3 ZooKeepers need 3 hosts' },
      ],
    });
    const problems = planProblems(error, spec);
    expect(problems.map((p) => [p.step, p.code])).toEqual([
      ['cluster', 'invalid-cluster-name'],
      ['hosts', 'ram-too-small'],
      ['hosts', 'duplicate-address'],
      ['cluster', 'zookeeper-count'],
      ['cluster', 'zookeeper-count'],
    ]);
    expect(clusterInputErrors(problemsOfStep(problems, 'cluster'))).toEqual({
      name: 'invalid-cluster-name: name is required',
      zookeeperCount:
        'zookeeper-count: must be 1 or 3, not 2; zookeeper-count: 3 ZooKeepers need 3 hosts',
    });
    expect(hostProblemsOf(problems, '10.77.0.11').map((p) => p.code)).toEqual(['ram-too-small']);
    expect(problemWhere(problems[1]!)).toBe('10.77.0.11 · RAM');
    expect(problemWhere(problems[2]!)).toBe('10.77.0.12 · address');
    expect(problemWhere(problems[3]!)).toBe('ZooKeeper count');
    expect(planProblems(new Error('boom'), spec)).toEqual([]);
    expect(planProblems(ApiError.from(500, {}), spec)).toEqual([]);
  });
});

describe('vSphere findings', () => {
  const spec = { name: 'vm1', infrastructure: 'vsphere' as const };

  it('places vsphere.* findings on the VMs step, on the input or node-group cell they name', () => {
    const problems = [
      { field: 'vsphere.connection', message: 'vcenter-auth: incorrect user name or password' },
      {
        field: 'spec.vsphere.nodeGroups[1].count',
        message: 'too-few-esxi-hosts: 4 workers, 3 hosts',
      },
      { field: 'vsphere.nodeGroups[0]', message: 'invalid-node-group: empty node group entry' },
      { field: 'vsphere.datastores[1]', message: 'datastore-too-small: needs 400 GB, has 50' },
      { field: 'vsphere.resourcePool', message: 'unknown-resource-pool: no pool rp9' },
    ].map((e) => locateFinding(e, spec));
    expect(problems.map((p) => p.step)).toEqual(['hosts', 'hosts', 'hosts', 'hosts', 'hosts']);
    expect(problems.map(problemWhere)).toEqual([
      'vCenter connection',
      'node group 2 · count',
      'node group 1',
      'Datastores',
      'Compute cluster',
    ]);
    expect(vsphereInputErrors(problems, ['LocalDS_0', 'LocalDS_1'])).toEqual({
      inputs: {
        connection: 'vcenter-auth: incorrect user name or password',
        datastores: 'LocalDS_1: datastore-too-small: needs 400 GB, has 50',
        cluster: 'unknown-resource-pool: no pool rp9',
      },
      groups: {
        0: { group: 'invalid-node-group: empty node group entry' },
        1: { count: 'too-few-esxi-hosts: 4 workers, 3 hosts' },
      },
    });
  });

  it('names the VMs step by its infrastructure', () => {
    expect(wizardSteps('vsphere').map((s) => s.label)).toEqual([
      'Cluster',
      'VMs',
      'Review plan',
      'Install',
    ]);
    expect(wizardSteps('bare-metal')[1]!.label).toBe('Hosts');
  });

  it('builds a vSphere spec without hosts', () => {
    const s = { ...initialWizard(), name: 'vm1', infrastructure: 'vsphere' as const };
    const built = buildSpec(s, hostsFixture);
    expect(built).toMatchObject({ name: 'vm1', infrastructure: 'vsphere' });
    expect(built).not.toHaveProperty('hosts');
    expect(built.vsphere?.folder).toBe('granary/vm1');
    expect(validateStep('hosts', s, hostsFixture).map((e) => e.field)).toContain(
      'vsphere.connection',
    );
  });
});
