import type { Vcenter } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, KeyValueList, Panel, ShellCommand } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useTestVcenter } from '../api';
import { VcenterProblem } from './VcenterProblem';

/** ADMIN: signs in to the vCenter and shows its version and the round trip, or why not. */
export function VcenterTestPanel({ vcenter }: { vcenter: Vcenter }) {
  const test = useTestVcenter(vcenter.id);
  const result = test.data;
  return (
    <Panel title="Test connection" data-testid="vcenter-test">
      <div className="form-with-aside">
        <div className="stack">
          <RoleGate
            min="ADMIN"
            fallback={<p className="muted">An ADMIN tests the connection (it signs in).</p>}
          >
            <div className="row">
              <Button
                variant="primary"
                busy={test.isPending}
                onClick={() => test.mutate()}
                data-testid="vcenter-test-button"
              >
                Test connection
              </Button>
              <span className="muted">
                Signs in and reads the vCenter's version; changes nothing.
              </span>
            </div>
          </RoleGate>
          {result && !test.isPending && (
            <div
              className="notice"
              role="status"
              data-testid="vcenter-test-result"
              data-ok={String(result.ok)}
            >
              <KeyValueList
                items={[
                  { label: 'Result', value: result.ok ? 'Signed in' : 'Not signed in' },
                  {
                    label: 'API version',
                    value: result.apiVersion ?? '—',
                    testId: 'vcenter-api-version',
                  },
                  { label: 'Product', value: result.fullName ?? '—' },
                  {
                    label: 'Round trip',
                    value: `${formatNumber(result.latencyMs)} ms`,
                    testId: 'vcenter-latency',
                  },
                ]}
              />
            </div>
          )}
          {!test.isPending && (
            <VcenterProblem error={test.error} title="Could not test the connection" />
          )}
        </div>
        <aside className="stack">
          <ShellCommand
            command={result?.command ?? [...vcenter.shellCommands]}
            label="govc equivalent"
          />
          <ShellCommand
            command={curlCommand('POST', apiUrls.vcenterTest(vcenter.id))}
            label="API equivalent"
          />
        </aside>
      </div>
    </Panel>
  );
}
