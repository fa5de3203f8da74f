import { Link, useNavigate, useParams } from 'react-router';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  KeyValueList,
  Loading,
  PageHeader,
  Panel,
  PendingPage,
  ShellCommand,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useVcenter, useVcenterInventory } from '../api';
import { DeleteVcenterAction } from '../components/DeleteVcenterAction';
import { InventoryBrowser } from '../components/InventoryBrowser';
import { TlsBadge } from '../components/TlsBadge';
import { VcenterCrumbs } from '../components/VcenterCrumbs';
import { VcenterProblem } from '../components/VcenterProblem';
import { VcenterTestPanel } from '../components/VcenterTestPanel';
import { useState } from 'react';

/** One connection: its settings, Test connection, and Browse (the live inventory). */
export function VcenterPage() {
  const { vcenterId: param } = useParams();
  const vcenterId = Number(param);
  const navigate = useNavigate();
  const vcenter = useVcenter(vcenterId);
  const [browsing, setBrowsing] = useState(false);
  const inventory = useVcenterInventory(vcenterId, browsing);

  if (vcenter.isPending || !vcenter.data) {
    return (
      <PendingPage
        crumbs={<VcenterCrumbs>{param}</VcenterCrumbs>}
        title="vCenter connection"
        error={
          Number.isInteger(vcenterId)
            ? vcenter.error
            : new Error(`"${param}" is not a connection id.`)
        }
        loading="Loading connection…"
      />
    );
  }
  const v = vcenter.data;
  return (
    <div data-testid="vcenter-page" data-name={v.name}>
      <PageHeader
        crumbs={<VcenterCrumbs>{v.name}</VcenterCrumbs>}
        title={<span className="title-mono">{v.name}</span>}
        subtitle={<span className="mono">{v.url}</span>}
        actions={
          <RoleGate min="ADMIN">
            <Link className="btn" to={paths.vcenterEdit(v.id)}>
              Edit
            </Link>
            <DeleteVcenterAction vcenter={v} onDeleted={() => navigate(paths.vcenters())} />
          </RoleGate>
        }
      />
      <div className="grid grid-2">
        <Panel title="Settings">
          <KeyValueList
            items={[
              { label: 'URL', value: <span className="mono">{v.url}</span> },
              { label: 'User', value: <span className="mono">{v.username}</span> },
              { label: 'Password', value: v.passwordSet ? 'stored (never shown)' : 'none' },
              { label: 'Certificate', value: <TlsBadge vcenter={v} /> },
              {
                label: 'Guest SSH user',
                value: <span className="mono">{v.guestSshUser ?? 'root'}</span>,
              },
              { label: 'Guest key', value: v.guestKeySet ? 'stored (never shown)' : 'none' },
              {
                label: 'Added',
                value: (
                  <>
                    <Timestamp iso={v.createdAt} />
                    {v.createdBy && <> by {v.createdBy}</>}
                  </>
                ),
              },
              { label: 'Changed', value: <Timestamp iso={v.updatedAt} /> },
            ]}
          />
        </Panel>
        <Panel title="govc environment">
          <ShellCommand command={[...v.shellCommands]} label="govc equivalent" />
        </Panel>
      </div>
      {!v.tlsVerify && (
        <div className="notice notice-warn" role="status" data-testid="vcenter-tls-off">
          This connection accepts any certificate: fine for a lab or a simulator, not for a vCenter
          reached over a shared network.
        </div>
      )}

      <VcenterTestPanel vcenter={v} />

      <Panel
        title="Inventory"
        data-testid="vcenter-browse"
        actions={
          browsing && (
            <Button size="sm" busy={inventory.isFetching} onClick={() => void inventory.refetch()}>
              Read again
            </Button>
          )
        }
      >
        <div className="stack">
          {!browsing ? (
            <div className="row">
              <Button
                variant="primary"
                onClick={() => setBrowsing(true)}
                data-testid="vcenter-browse-button"
              >
                Browse
              </Button>
              <span className="muted">
                Reads datacenters, clusters and ESXi hosts, datastores, networks and templates from
                the live vCenter.
              </span>
            </div>
          ) : inventory.isPending ? (
            <Loading label="Reading the inventory from vCenter…" />
          ) : (
            <>
              <VcenterProblem error={inventory.error} title="Could not read the inventory" />
              {inventory.data && (
                <>
                  <p className="muted" style={{ margin: 0 }} data-testid="vcenter-inventory-about">
                    {inventory.data.fullName ?? 'vCenter'}
                    {inventory.data.apiVersion && <> · API {inventory.data.apiVersion}</>} · read{' '}
                    <Timestamp iso={inventory.data.readAt} />
                  </p>
                  <InventoryBrowser inventory={inventory.data} />
                </>
              )}
            </>
          )}
          <div className="grid grid-2">
            <ShellCommand
              command={
                inventory.data?.commands.length
                  ? [...inventory.data.commands]
                  : ['govc ls -json /', 'govc find -json / -type c', 'govc datastore.info -json']
              }
              label="govc equivalent"
            />
            <ShellCommand
              command={curlCommand('GET', apiUrls.vcenterInventory(v.id))}
              label="API equivalent"
            />
          </div>
        </div>
      </Panel>
    </div>
  );
}
