import type { NativeSupportState } from '../../../api/types';
import { formatBoolean } from '../../../lib/format';
import { Badge, KeyValueList, Panel } from '../../../ui';

/** Short class name: org.apache.hadoop.io.erasurecode.rawcoder.NativeRSRawErasureCoderFactory → NativeRSRawErasureCoderFactory */
const shortClass = (name?: string) => (name ? name.slice(name.lastIndexOf('.') + 1) : '—');

export function NativeSupportPanel({ native }: { native: NativeSupportState }) {
  if (!native.known) {
    return (
      <Panel title="Native support" data-testid="native-panel">
        <p className="muted">
          No role has reported its native libraries (older node, or not collected yet).
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Native support" data-testid="native-panel">
      <KeyValueList
        items={[
          {
            label: 'EC coder',
            value: (
              <span className="row">
                {native.ecCoderNative ? (
                  <Badge tone="ok">ISA-L native</Badge>
                ) : (
                  <Badge tone="warn">Java</Badge>
                )}
                <span className="mono muted" title={native.ecCoder}>
                  {shortClass(native.ecCoder)}
                </span>
              </span>
            ),
            testId: 'native-ec-coder',
          },
          {
            label: 'XOR coder',
            value: (
              <span className="mono" title={native.xorCoder}>
                {shortClass(native.xorCoder)}
              </span>
            ),
          },
          { label: 'Checksum', value: <span className="mono">{native.checksum ?? '—'}</span> },
          {
            label: 'libhadoop',
            value:
              native.libhadoopLoaded == null ? (
                '—'
              ) : native.libhadoopLoaded ? (
                <Badge tone="ok">loaded</Badge>
              ) : (
                <Badge tone="warn">not loaded</Badge>
              ),
          },
          { label: 'Reported by', value: <span className="mono">{native.reportedBy ?? '—'}</span> },
        ]}
      />
      <p className="muted" style={{ margin: '6px 0 0' }}>
        {formatBoolean(
          native.ecCoderNative,
          'Erasure coding runs on native ISA-L.',
          'Erasure coding runs on the Java coder.',
        )}
      </p>
    </Panel>
  );
}
