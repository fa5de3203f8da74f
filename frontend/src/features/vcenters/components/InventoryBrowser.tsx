import { useState } from 'react';
import type {
  EsxiHost,
  VcenterDatacenter,
  VcenterDatastore,
  VcenterInventory,
  VcenterNetwork,
  VcenterTemplate,
} from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { Badge, type Column, Panel, ProgressBar, Table, Tabs } from '../../../ui';
import { clusterTotals, datastoreUse, hostState, networkMtu } from '../inventoryModel';

const hostColumns: Column<EsxiHost>[] = [
  { key: 'name', header: 'ESXi host', render: (h) => <span className="mono">{h.name}</span> },
  {
    key: 'state',
    header: 'State',
    render: (h) => {
      const s = hostState(h);
      return (
        <Badge tone={s.tone} data-testid="esxi-state">
          {s.label}
        </Badge>
      );
    },
  },
  { key: 'cores', header: 'Cores', numeric: true, render: (h) => formatNumber(h.cpuCores) },
  {
    key: 'mhz',
    header: 'MHz per core',
    numeric: true,
    render: (h) => formatNumber(h.cpuMhz),
  },
  { key: 'memory', header: 'Memory', numeric: true, render: (h) => formatBytes(h.memoryBytes) },
];

const datastoreColumns: Column<VcenterDatastore>[] = [
  { key: 'name', header: 'Datastore', render: (d) => <span className="mono">{d.name}</span> },
  { key: 'type', header: 'Type', render: (d) => d.type ?? '—' },
  {
    key: 'use',
    header: 'Used',
    render: (d) => {
      const use = datastoreUse(d);
      return use.usedPercent == null ? (
        '—'
      ) : (
        <ProgressBar
          label={`${d.name} used`}
          value={use.usedPercent}
          tone={use.tone}
          data-testid="datastore-bar"
        />
      );
    },
  },
  {
    key: 'free',
    header: 'Free / capacity',
    numeric: true,
    render: (d) => (
      <span data-testid="datastore-free">
        {formatBytes(d.freeBytes)} / {formatBytes(d.capacityBytes)}
      </span>
    ),
  },
];

const networkColumns: Column<VcenterNetwork>[] = [
  { key: 'name', header: 'Network', render: (n) => <span className="mono">{n.name}</span> },
  { key: 'type', header: 'Type', render: (n) => n.type ?? '—' },
  {
    key: 'mtu',
    header: 'MTU',
    render: (n) => {
      const mtu = networkMtu(n);
      return (
        <span className="row" data-testid="network-mtu">
          {mtu.text}
          {mtu.jumbo && <Badge tone="ok">jumbo frames</Badge>}
        </span>
      );
    },
  },
];

const templateColumns: Column<VcenterTemplate>[] = [
  { key: 'name', header: 'Template', render: (t) => <span className="mono">{t.name}</span> },
  { key: 'guest', header: 'Guest', render: (t) => t.guestId ?? '—' },
  {
    key: 'nics',
    header: 'NICs',
    render: (t) => (t.nicTypes.length > 0 ? t.nicTypes.join(', ') : '—'),
  },
  { key: 'disks', header: 'Disks', numeric: true, render: (t) => formatNumber(t.disks) },
];

type InventoryTab = 'compute' | 'datastores' | 'networks' | 'templates';

/** One datacenter: clusters with their ESXi hosts, then datastores, networks and templates. */
function DatacenterView({ dc }: { dc: VcenterDatacenter }) {
  const [tab, setTab] = useState<InventoryTab>('compute');
  return (
    <div className="stack" data-testid="vcenter-datacenter" data-name={dc.name}>
      <Tabs
        label={`Inventory of ${dc.name}`}
        value={tab}
        onChange={setTab}
        items={[
          { id: 'compute', label: `Clusters (${dc.clusters.length})` },
          { id: 'datastores', label: `Datastores (${dc.datastores.length})` },
          { id: 'networks', label: `Networks (${dc.networks.length})` },
          { id: 'templates', label: `Templates (${dc.templates.length})` },
        ]}
      >
        {tab === 'compute' &&
          (dc.clusters.length === 0 ? (
            <p className="muted">No compute cluster in this datacenter.</p>
          ) : (
            dc.clusters.map((c) => {
              const t = clusterTotals(c);
              return (
                <section
                  key={c.name}
                  className="stack-tight"
                  data-testid="vcenter-cluster"
                  data-name={c.name}
                >
                  <h3 className="row" style={{ margin: 0 }}>
                    <span className="mono">{c.name}</span>
                    <Badge tone={c.drsEnabled ? 'ok' : 'warn'}>
                      DRS {c.drsEnabled ? 'on' : c.drsEnabled === false ? 'off' : 'unknown'}
                    </Badge>
                    <span className="muted" style={{ fontWeight: 'normal' }}>
                      {t.usable} of {t.hosts} hosts usable · {formatNumber(t.cores)} cores ·{' '}
                      {formatBytes(t.memoryBytes)}
                    </span>
                  </h3>
                  <Table
                    aria-label={`ESXi hosts of ${c.name}`}
                    columns={hostColumns}
                    rows={c.hosts}
                    rowKey={(h) => h.name}
                    rowProps={(h) => ({ 'data-testid': 'esxi-host', 'data-name': h.name })}
                    empty="No ESXi host in this cluster."
                  />
                  {c.resourcePools.length > 0 && (
                    <p className="muted" style={{ margin: 0 }}>
                      Resource pools: <span className="mono">{c.resourcePools.join(', ')}</span>
                    </p>
                  )}
                </section>
              );
            })
          ))}
        {tab === 'datastores' && (
          <Table
            aria-label={`Datastores of ${dc.name}`}
            columns={datastoreColumns}
            rows={dc.datastores}
            rowKey={(d) => d.name}
            rowProps={(d) => ({ 'data-testid': 'datastore-row', 'data-name': d.name })}
            empty="No datastore."
          />
        )}
        {tab === 'networks' && (
          <Table
            aria-label={`Networks of ${dc.name}`}
            columns={networkColumns}
            rows={dc.networks}
            rowKey={(n) => n.name}
            rowProps={(n) => ({ 'data-testid': 'network-row', 'data-name': n.name })}
            empty="No network."
          />
        )}
        {tab === 'templates' && (
          <div className="stack-tight">
            <Table
              aria-label={`Templates of ${dc.name}`}
              columns={templateColumns}
              rows={dc.templates}
              rowKey={(t) => t.name}
              rowProps={(t) => ({ 'data-testid': 'template-row', 'data-name': t.name })}
              empty="No template: mark a VM as a template in vCenter first."
            />
            {dc.folders.length > 0 && (
              <p className="muted" style={{ margin: 0 }}>
                VM folders: <span className="mono">{dc.folders.join(', ')}</span>
              </p>
            )}
          </div>
        )}
      </Tabs>
    </div>
  );
}

/** The inventory read from vCenter, a panel per datacenter. */
export function InventoryBrowser({ inventory }: { inventory: VcenterInventory }) {
  if (inventory.datacenters.length === 0)
    return <p className="muted">This vCenter has no datacenter.</p>;
  return (
    <div className="stack" data-testid="vcenter-inventory">
      {inventory.datacenters.map((dc) => (
        <Panel key={dc.name} title={`Datacenter ${dc.name}`}>
          <DatacenterView dc={dc} />
        </Panel>
      ))}
    </div>
  );
}
