import { Link, useSearchParams } from 'react-router';
import type { InstalledVersion } from '../../../api/types';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, Loading, SelectField, ShellCommand } from '../../../ui';
import { useCompareInstalledVersions } from '../api';
import { playbookLabel } from '../runModel';
import { PlanDiffView } from './PlanDiffView';

/** `?from=&to=` when both name listed versions, else the one before the newest → the newest. */
function pick(
  search: URLSearchParams,
  versions: readonly InstalledVersion[],
): { from: number; to: number } {
  const listed = (v: string | null) =>
    v != null && versions.some((x) => String(x.version) === v) ? Number(v) : undefined;
  return {
    from: listed(search.get('from')) ?? versions[1]!.version,
    to: listed(search.get('to')) ?? versions[0]!.version,
  };
}

/**
 * Any two installed versions side by side: what changes from one to the other (hosts, roles,
 * every value old → new, restarts), as the version pages show a version against the one before.
 */
export function VersionCompare({
  clusterId,
  versions,
}: {
  clusterId: number;
  /** Newest first; at least two. */
  versions: readonly InstalledVersion[];
}) {
  const [search, setSearch] = useSearchParams();
  const { from, to } = pick(search, versions);
  const diff = useCompareInstalledVersions(clusterId, from, to);
  const set = (next: { from: number; to: number }) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('from', String(next.from));
        params.set('to', String(next.to));
        return params;
      },
      { replace: true },
    );
  const options = versions.map((v) => ({
    value: String(v.version),
    label: `${v.version} · ${playbookLabel(v.playbook)}`,
  }));
  return (
    <div className="stack" data-testid="compare" data-from={from} data-to={to}>
      <div className="form-row">
        <SelectField
          label="From version"
          value={String(from)}
          options={options}
          onChange={(e) => set({ from: Number(e.target.value), to })}
          data-testid="compare-from"
        />
        <Button onClick={() => set({ from: to, to: from })} aria-label="Swap the versions">
          ⇄ Swap
        </Button>
        <SelectField
          label="To version"
          value={String(to)}
          options={options}
          onChange={(e) => set({ from, to: Number(e.target.value) })}
          data-testid="compare-to"
        />
      </div>
      {from === to ? (
        <p className="muted" style={{ margin: 0 }}>
          Pick two different versions.
        </p>
      ) : diff.isPending ? (
        <Loading label={`Comparing version ${from} with ${to}…`} />
      ) : diff.data ? (
        <>
          <PlanDiffView diff={{ ...diff.data, fromVersion: from }} testId="compare-diff" />
          <p className="muted" style={{ margin: 0 }}>
            <Link to={paths.install(clusterId, from)}>Version {from}</Link> →{' '}
            <Link to={paths.install(clusterId, to)}>version {to}</Link>
          </p>
        </>
      ) : (
        <ErrorMessage error={diff.error} title="Could not compare the versions" />
      )}
      <ShellCommand
        label="API equivalent"
        command={curlCommand('GET', apiUrls.installsCompare(clusterId, from, to))}
      />
    </div>
  );
}
