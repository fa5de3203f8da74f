import { type Column, Table } from '../../../ui';
import { roleList } from '../diffModel';
import type { ScaleInCandidate } from '../scaleInModel';

export interface ScaleInHostPickerProps {
  candidates: readonly ScaleInCandidate[];
  selected: ReadonlySet<string>;
  onToggle: (address: string, on: boolean) => void;
  disabled?: boolean;
}

/**
 * The installed version's hosts; those running a DataNode and a RegionServer can be ticked, the
 * others say why not. A host that also runs other roles says so: the check decides whether it can
 * leave.
 */
export function ScaleInHostPicker({
  candidates,
  selected,
  onToggle,
  disabled = false,
}: ScaleInHostPickerProps) {
  const columns: Column<ScaleInCandidate>[] = [
    {
      key: 'select',
      header: <span className="sr-only">Remove</span>,
      render: (c) => (
        <input
          type="checkbox"
          aria-label={`Remove ${c.address}`}
          data-testid="scale-in-host-select"
          checked={selected.has(c.address)}
          disabled={disabled || !c.eligible}
          onChange={(e) => onToggle(c.address, e.target.checked)}
        />
      ),
    },
    {
      key: 'host',
      header: 'Host',
      render: (c) => (
        <span className="stack-tight">
          <span className="mono">{c.address}</span>
          <span className="muted">{c.hostname}</span>
        </span>
      ),
    },
    { key: 'rack', header: 'Rack', render: (c) => <span className="mono">{c.rack}</span> },
    { key: 'roles', header: 'Roles', className: 'wrap', render: (c) => roleList(c.roles) },
    {
      key: 'note',
      header: 'Can leave',
      className: 'wrap',
      render: (c) =>
        !c.eligible ? (
          <span className="muted" data-testid="scale-in-host-reason">
            {c.reason}
          </span>
        ) : c.otherRoles.length > 0 ? (
          <span className="muted">
            Also runs {c.otherRoles.join(', ')}: the check says whether it can leave.
          </span>
        ) : (
          <span className="muted">DataNode + RegionServer</span>
        ),
    },
  ];
  return (
    <Table
      aria-label="Installed hosts"
      columns={columns}
      rows={candidates}
      rowKey={(c) => c.address}
      rowProps={(c) => ({
        'data-testid': 'scale-in-host',
        'data-address': c.address,
        'data-eligible': String(c.eligible),
      })}
      empty="The installed version lists no host."
    />
  );
}
