import type { TlsInfo } from '../../../api/types';
import { CopyButton, ErrorMessage, KeyValueList, Loading, Panel, Timestamp } from '../../../ui';
import { useConsoleTls } from '../api';

/** The certificate this console serves: what to compare with the browser's certificate viewer. */
export function ConsoleTlsPanel() {
  const { data, error, isPending } = useConsoleTls();
  return (
    <Panel title="Console certificate">
      <ErrorMessage error={error} />
      {isPending ? (
        <Loading label="Loading the console's TLS…" />
      ) : (
        data && <TlsDetails tls={data} />
      )}
    </Panel>
  );
}

export function TlsDetails({ tls }: { tls: TlsInfo }) {
  if (!tls.enabled) {
    return (
      <p data-testid="tls-off">
        Plain HTTP on port {tls.httpPort}: the console binds to loopback only, or{' '}
        <code>GRANARY_TLS=off</code>. Set <code>GRANARY_TLS=self-signed</code>, or{' '}
        <code>files</code> with <code>GRANARY_TLS_CERT</code> and <code>GRANARY_TLS_KEY</code>, to
        serve HTTPS.
      </p>
    );
  }
  return (
    <KeyValueList
      items={[
        {
          label: 'Mode',
          value:
            tls.mode === 'SELF_SIGNED'
              ? 'generated, self-signed'
              : 'operator certificate (PEM files)',
          testId: 'tls-mode',
        },
        {
          label: 'Ports',
          value: `HTTPS ${tls.httpsPort}; HTTP ${tls.httpPort} redirects there`,
        },
        { label: 'Subject', value: tls.subject },
        { label: 'Names', value: tls.subjectAltNames.join(', ') || '—' },
        { label: 'Valid until', value: <Timestamp iso={tls.notAfter} /> },
        {
          label: 'SHA-256',
          value: (
            <>
              <code data-testid="tls-sha256">{tls.sha256}</code>{' '}
              <CopyButton text={tls.sha256 ?? ''} />
            </>
          ),
        },
      ]}
    />
  );
}
