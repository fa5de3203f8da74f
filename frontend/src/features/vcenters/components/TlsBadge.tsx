import type { Vcenter } from '../../../api/types';
import { Badge } from '../../../ui';

/** How the connection checks the vCenter's certificate. */
export function TlsBadge({
  vcenter,
}: {
  vcenter: Pick<Vcenter, 'tlsVerify' | 'thumbprint' | 'caPem'>;
}) {
  if (!vcenter.tlsVerify)
    return (
      <Badge tone="warn" title="Any certificate is accepted" data-testid="vcenter-tls">
        not verified
      </Badge>
    );
  const how = vcenter.thumbprint ? 'thumbprint' : vcenter.caPem ? 'CA given' : "server's CAs";
  return (
    <Badge tone="ok" data-testid="vcenter-tls">
      verified · {how}
    </Badge>
  );
}
