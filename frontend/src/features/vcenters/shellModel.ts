// govc lines for what the vCenter pages do, for a connection not saved yet (a stored one's come
// from the API: `shellCommands`, the test's `command`, the inventory's `commands`).
import { shellWord } from '../../lib/shell';
import type { VcenterUpdate } from '../../api/types';

/** "https://vc.example.com:443/sdk" → "vc.example.com:443" (what known_hosts names). */
export function hostOfUrl(url: string): string {
  const m = /^https?:\/\/([^/]+)/.exec(url.trim());
  return m ? m[1]! : url.trim();
}

/** The govc environment for these settings (the password as a placeholder), then `govc about`. */
export function govcEnvironment(
  body: Pick<VcenterUpdate, 'url' | 'username' | 'tlsVerify' | 'thumbprint' | 'caPem'>,
): string[] {
  const lines = [
    `export GOVC_URL=${shellWord(body.url || 'https://<vcenter>/sdk')}`,
    `export GOVC_USERNAME=${shellWord(body.username || '<user>')}`,
    "export GOVC_PASSWORD='<password>'",
  ];
  if (body.tlsVerify === false) lines.push('export GOVC_INSECURE=1');
  else if (body.thumbprint)
    lines.push(
      `echo ${shellWord(`${hostOfUrl(body.url)} ${body.thumbprint}`)} > vcenter.known_hosts`,
      'export GOVC_TLS_KNOWN_HOSTS=vcenter.known_hosts',
    );
  else if (body.caPem)
    lines.push('export GOVC_TLS_CA_CERTS=vcenter-ca.pem  # the CA certificate above');
  lines.push('govc about');
  return lines;
}
