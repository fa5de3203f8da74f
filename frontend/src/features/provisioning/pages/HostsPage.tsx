import { useState } from 'react';
import { Link } from 'react-router';
import type { HostView as Host } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { RUNS_REFRESH_MS, useHosts, useProvisioningRuns } from '../api';
import { AddHostForm } from '../components/AddHostForm';
import { HostsTable } from '../components/HostsTable';
import { ProvisioningRunsTable } from '../components/ProvisioningRunsTable';

/** The host inventory (ADMIN adds and removes), New cluster (OPERATOR+), and the install runs. */
export function HostsPage() {
  const hosts = useHosts();
  const runs = useProvisioningRuns();
  const [added, setAdded] = useState<Host | null>(null);
  // A new key remounts the form after an add: the pasted private key leaves memory with it.
  const [formKey, setFormKey] = useState(0);

  return (
    <div>
      <PageHeader
        title="Hosts"
        subtitle={
          <>
            <span>
              Machines Granary may install a cluster onto over SSH (Ansible), and the installs it
              ran.
            </span>
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> runs auto-refresh{' '}
              {RUNS_REFRESH_MS / 1000}s
            </span>
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <Link className="btn btn-primary" to={paths.provisioningNew()}>
              New cluster
            </Link>
          </RoleGate>
        }
      />

      <Panel
        title={`Inventory${hosts.data ? ` (${hosts.data.length})` : ''}`}
        data-testid="hosts-inventory"
      >
        {hosts.isPending ? (
          <Loading label="Loading hosts…" />
        ) : (
          <>
            <ErrorMessage
              error={hosts.error}
              title={
                hosts.data
                  ? 'Could not refresh; showing the last state'
                  : 'Could not load the hosts'
              }
            />
            {hosts.data && <HostsTable hosts={hosts.data} />}
          </>
        )}
      </Panel>

      <RoleGate min="ADMIN">
        <Panel title="Add host" data-testid="add-host">
          {added && (
            <div
              className={`notice${added.reachable ? '' : ' notice-warn'}`}
              role="status"
              data-testid="host-added"
            >
              Added <span className="mono">{added.address}</span>
              {added.reachable
                ? ': its SSH port answered.'
                : `, but its SSH port did not answer${
                    added.checkMessage ? ` (${added.checkMessage})` : ''
                  }; an install checks it again and refuses it while it does not.`}
            </div>
          )}
          <AddHostForm
            key={formKey}
            onAdded={(host) => {
              setAdded(host);
              setFormKey((k) => k + 1);
            }}
          />
        </Panel>
      </RoleGate>

      <Panel title="Provisioning runs" data-testid="prov-runs">
        {runs.isPending ? (
          <Loading label="Loading runs…" />
        ) : (
          <>
            <ErrorMessage
              error={runs.error}
              title={
                runs.data ? 'Could not refresh; showing the last state' : 'Could not load the runs'
              }
            />
            {runs.data && <ProvisioningRunsTable runs={runs.data} />}
          </>
        )}
      </Panel>
    </div>
  );
}
