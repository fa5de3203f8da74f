import { Link } from 'react-router';
import type { EcDirectory, EcEntry } from '../../../api/types';
import { formatBoolean, formatBytes, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  type Column,
  ErrorMessage,
  KeyValueList,
  Loading,
  Panel,
  ShellCommand,
  Table,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useAuth } from '../../auth/useAuth';
import { useEcDirectory } from '../api';
import { pathCrumbs, policyLabel } from '../ecModel';
import { DirectoryPolicyForm } from './DirectoryPolicyForm';
import { ProtectedBadge } from './EcBadges';
import type { PathSectionProps } from '../sectionProps';
import { WarningList } from './WarningList';

const dirLink = (clusterId: number, path: string) =>
  paths.erasureCoding(clusterId, { tab: 'directories', path });

/** The savings report and (OPERATOR+) the convert form of one directory. */
function DirectoryLinks({ clusterId, path }: { clusterId: number; path: string }) {
  return (
    <span className="row">
      <Link
        to={paths.erasureCoding(clusterId, { tab: 'report', path })}
        data-testid="ec-dir-report-link"
      >
        Savings report
      </Link>
      <RoleGate min="OPERATOR">
        <Link
          to={paths.erasureCoding(clusterId, { tab: 'conversions', path })}
          data-testid="ec-dir-convert-link"
        >
          Convert…
        </Link>
      </RoleGate>
    </span>
  );
}

function PathBreadcrumb({ clusterId, path }: { clusterId: number; path: string }) {
  const crumbs = pathCrumbs(path);
  return (
    <nav aria-label="HDFS path" className="mono" data-testid="ec-dir-path">
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        return (
          <span key={c.path}>
            {i > 1 && ' / '}
            {last ? (
              <span aria-current="page">{c.name}</span>
            ) : (
              <Link to={dirLink(clusterId, c.path)}>{c.name}</Link>
            )}
            {i === 0 && crumbs.length > 1 && ' '}
          </span>
        );
      })}
    </nav>
  );
}

function inheritedText(entry: Pick<EcEntry, 'inherited'>): string {
  return entry.inherited ? 'inherited from a parent' : 'set here';
}

function columns(clusterId: number): Column<EcEntry>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (e) => (
        <span className="row">
          {e.directory ? (
            <Link to={dirLink(clusterId, e.path)} className="mono" data-testid="ec-dir-child-link">
              {e.name}/
            </Link>
          ) : (
            <span className="mono">{e.name}</span>
          )}
          {e.protected && <ProtectedBadge />}
        </span>
      ),
    },
    { key: 'size', header: 'Size', numeric: true, render: (e) => formatBytes(e.lengthBytes) },
    {
      key: 'consumed',
      header: 'Space consumed',
      numeric: true,
      render: (e) => formatBytes(e.spaceConsumedBytes),
    },
    { key: 'files', header: 'Files', numeric: true, render: (e) => formatNumber(e.fileCount) },
    {
      key: 'replication',
      header: 'Replication',
      numeric: true,
      render: (e) => formatNumber(e.replication),
    },
    {
      key: 'policy',
      header: 'Policy',
      render: (e) => (
        <span className="mono" data-testid="ec-dir-child-policy">
          {policyLabel(e.policy)}
        </span>
      ),
    },
    { key: 'inherited', header: 'Inherited', render: (e) => formatBoolean(e.inherited) },
    {
      key: 'links',
      header: '',
      render: (e) => e.directory && <DirectoryLinks clusterId={clusterId} path={e.path} />,
    },
  ];
}

function DirectoryDetails({ clusterId, directory }: { clusterId: number; directory: EcDirectory }) {
  return (
    <div className="grid grid-2">
      <KeyValueList
        items={[
          {
            label: 'Effective policy',
            value: (
              <span className="row">
                <strong className="mono" data-testid="ec-dir-policy">
                  {policyLabel(directory.policy)}
                </strong>
                <span className="muted" data-testid="ec-dir-inherited">
                  {inheritedText(directory)}
                </span>
                {directory.protected && <ProtectedBadge />}
              </span>
            ),
          },
          { label: 'Size', value: formatBytes(directory.lengthBytes) },
          { label: 'Space consumed', value: formatBytes(directory.spaceConsumedBytes) },
          { label: 'Files', value: formatNumber(directory.fileCount) },
          {
            label: 'Reports',
            value: <DirectoryLinks clusterId={clusterId} path={directory.path} />,
          },
        ]}
      />
      {directory.shellCommands.length > 0 && (
        <ShellCommand command={directory.shellCommands} label="Inspect with" />
      )}
    </div>
  );
}

/**
 * An HDFS directory: where it is, its effective policy, its children (subdirectories open in
 * place), warnings, and (OPERATOR+) the policy change.
 */
export function DirectoryBrowser({ clusterId, path, policies }: PathSectionProps) {
  const { data, error, isPending, isPlaceholderData } = useEcDirectory(clusterId, path);
  const { can } = useAuth();
  const shown = isPlaceholderData ? undefined : data;
  return (
    <div className="stack" data-testid="ec-directory" data-path={shown?.path}>
      <PathBreadcrumb clusterId={clusterId} path={path} />
      {isPending && !error && <Loading label="Loading directory…" />}
      <ErrorMessage error={error} title={`Could not read ${path}`} />
      {isPlaceholderData && <Loading label={`Opening ${path}…`} />}
      {shown && (
        <>
          <Panel title="Directory">
            <DirectoryDetails clusterId={clusterId} directory={shown} />
            <WarningList warnings={shown.warnings} />
          </Panel>
          <Panel title={`Contents (${formatNumber(shown.children.length)})`}>
            <Table
              aria-label={`Contents of ${shown.path}`}
              columns={columns(clusterId)}
              rows={shown.children}
              rowKey={(e) => e.path}
              rowProps={(e) => ({
                'data-testid': 'ec-dir-child',
                'data-name': e.name,
                'data-policy': e.policy,
                'data-directory': String(e.directory),
              })}
              empty="This directory is empty."
            />
            {shown.childrenTruncated && (
              <p className="notice notice-warn" role="status">
                Only the first {formatNumber(shown.children.length)} entries are shown.
              </p>
            )}
          </Panel>
          {can('OPERATOR') && (
            <Panel title="Change policy">
              {/* Keyed: another directory starts a fresh form. */}
              <DirectoryPolicyForm
                key={shown.path}
                clusterId={clusterId}
                directory={shown}
                policies={policies}
              />
            </Panel>
          )}
        </>
      )}
    </div>
  );
}
