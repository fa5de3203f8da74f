// The vCenter connection form: its state, the VcenterInput / VcenterUpdate it sends, the client
// checks, the server's field errors on its inputs, and the coded vCenter problems in words.
import { isApiError } from '../../api/problem';
import type { FieldError, Vcenter, VcenterInput, VcenterUpdate } from '../../api/types';

export const DEFAULT_GUEST_USER = 'root';

/** With verification on, what the certificate is checked against. */
export type TrustMode = 'system' | 'thumbprint' | 'ca';

export const TRUST_MODES: readonly { value: TrustMode; label: string; hint: string }[] = [
  {
    value: 'system',
    label: "The server's CAs",
    hint: 'The certificate is signed by a CA the Granary server already trusts',
  },
  {
    value: 'thumbprint',
    label: 'A thumbprint',
    hint: 'Trust exactly this certificate (SHA-1 or SHA-256 fingerprint)',
  },
  {
    value: 'ca',
    label: 'A CA certificate',
    hint: "Trust certificates signed by this CA, e.g. the vCenter's VMCA root (PEM)",
  },
];

export interface VcenterForm {
  name: string;
  url: string;
  username: string;
  /** Write-only: empty on an edit keeps the stored one. */
  password: string;
  /** On by default; off accepts any certificate (GOVC_INSECURE=1). */
  tlsVerify: boolean;
  trust: TrustMode;
  thumbprint: string;
  caPem: string;
  guestSshUser: string;
  /** Write-only: empty on an edit keeps the stored one. */
  guestPrivateKey: string;
}

/** The inputs of the form (each field the server may name lands on one). */
export type VcenterField = Exclude<keyof VcenterForm, 'trust'>;

export function emptyVcenterForm(): VcenterForm {
  return {
    name: '',
    url: '',
    username: '',
    password: '',
    tlsVerify: true,
    trust: 'system',
    thumbprint: '',
    caPem: '',
    guestSshUser: DEFAULT_GUEST_USER,
    guestPrivateKey: '',
  };
}

/** An edit starts from the stored connection; the secrets start empty (kept unless retyped). */
export function formFromVcenter(v: Vcenter): VcenterForm {
  const trust: TrustMode = v.thumbprint ? 'thumbprint' : v.caPem ? 'ca' : 'system';
  return {
    name: v.name,
    url: v.url,
    username: v.username,
    password: '',
    tlsVerify: v.tlsVerify,
    trust,
    thumbprint: v.thumbprint ?? '',
    caPem: v.caPem ?? '',
    guestSshUser: v.guestSshUser ?? DEFAULT_GUEST_USER,
    guestPrivateKey: '',
  };
}

const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The body of a create (every secret given) or an update (a blank secret is left out: kept). */
export function vcenterBody(f: VcenterForm): VcenterUpdate {
  const body: VcenterUpdate = {
    name: f.name.trim(),
    url: f.url.trim(),
    username: f.username.trim(),
    tlsVerify: f.tlsVerify,
    guestSshUser: blank(f.guestSshUser) ?? DEFAULT_GUEST_USER,
  };
  // with verification off neither is used: none is sent (nor kept)
  if (f.tlsVerify && f.trust === 'thumbprint') body.thumbprint = blank(f.thumbprint)?.toUpperCase();
  if (f.tlsVerify && f.trust === 'ca') body.caPem = blank(f.caPem);
  // passwords may have meaningful spaces: sent as typed
  if (f.password !== '') body.password = f.password;
  // the key as pasted: OpenSSH wants its trailing newline
  if (f.guestPrivateKey.trim() !== '') body.guestPrivateKey = f.guestPrivateKey;
  return body;
}

export function vcenterInput(f: VcenterForm): VcenterInput {
  return { ...vcenterBody(f), password: f.password };
}

/** The body as an API call would show it: secrets as placeholders. */
export function shownBody(body: VcenterUpdate): Record<string, unknown> {
  return {
    ...body,
    password: body.password != null ? '<password>' : undefined,
    guestPrivateKey: body.guestPrivateKey != null ? '<private key>' : undefined,
  };
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const URL_RE = /^https?:\/\/[A-Za-z0-9.[\]:-]{1,253}(:[0-9]{1,5})?(\/[A-Za-z0-9._~/-]*)?$/;
const THUMBPRINT = /^([0-9A-Fa-f]{2}:){19}[0-9A-Fa-f]{2}(([0-9A-Fa-f:]){36})?$/;
const CERT = /^\s*-----BEGIN CERTIFICATE-----[\s\S]*-----END CERTIFICATE-----\s*$/;
const KEY = /^\s*-----BEGIN[\s\S]*PRIVATE KEY-----/;
const USER = /^[a-z_][a-z0-9_-]{0,31}$/;

/**
 * What the browser can tell before sending (the contract's patterns); the server checks again.
 * `editing`: the password and the guest key may stay empty (the stored ones are kept).
 */
export function validateVcenter(f: VcenterForm, editing = false): FieldError[] {
  const errors: FieldError[] = [];
  const name = f.name.trim();
  if (name === '') errors.push({ field: 'name', message: 'a name is required, e.g. vc-prod' });
  else if (!NAME.test(name))
    errors.push({
      field: 'name',
      message: "lowercase letters, digits, '.', '_' and '-', starting with a letter or digit",
    });
  const url = f.url.trim();
  if (url === '') errors.push({ field: 'url', message: 'e.g. https://vcenter.example.com/sdk' });
  else if (!URL_RE.test(url))
    errors.push({ field: 'url', message: 'an http(s) URL: https://host[:port][/sdk]' });
  else if (url.startsWith('http://'))
    errors.push({
      field: 'url',
      message: 'vCenter answers on https://; http:// sends the password in clear',
    });
  if (f.username.trim() === '')
    errors.push({ field: 'username', message: 'e.g. administrator@vsphere.local' });
  if (!editing && f.password === '')
    errors.push({ field: 'password', message: 'a password is required' });
  if (f.tlsVerify && f.trust === 'thumbprint' && !THUMBPRINT.test(f.thumbprint.trim()))
    errors.push({
      field: 'thumbprint',
      message: '20 (SHA-1) or 32 (SHA-256) hex bytes separated by colons, e.g. AB:CD:…',
    });
  if (f.tlsVerify && f.trust === 'ca' && !CERT.test(f.caPem))
    errors.push({
      field: 'caPem',
      message: 'paste PEM certificates (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)',
    });
  if (f.guestSshUser.trim() !== '' && !USER.test(f.guestSshUser.trim()))
    errors.push({ field: 'guestSshUser', message: 'a Linux user name, e.g. root' });
  if (f.guestPrivateKey.trim() !== '' && !KEY.test(f.guestPrivateKey))
    errors.push({
      field: 'guestPrivateKey',
      message: 'paste an OpenSSH or PEM private key (-----BEGIN … PRIVATE KEY-----)',
    });
  return errors;
}

const FIELDS = new Set<string>([
  'name',
  'url',
  'username',
  'password',
  'tlsVerify',
  'thumbprint',
  'caPem',
  'guestSshUser',
  'guestPrivateKey',
]);

/** Field errors keyed by input; a `body.` prefix is tolerated, several on one input joined. */
export function vcenterFieldErrors(
  errors: readonly FieldError[],
): Partial<Record<VcenterField, string>> {
  const map: Partial<Record<VcenterField, string>> = {};
  for (const e of errors) {
    const field = e.field.split('.').at(-1) ?? '';
    if (!FIELDS.has(field)) continue;
    const key = field as VcenterField;
    map[key] = map[key] ? `${map[key]}; ${e.message}` : e.message;
  }
  return map;
}

/** The server's refusal of a save, on the inputs (a taken name lands on the name). */
export function serverVcenterErrors(error: unknown): Partial<Record<VcenterField, string>> {
  if (!isApiError(error)) return {};
  if (error.code === 'vcenter-name-taken')
    return { name: error.problem.detail ?? 'another connection has this name' };
  if (error.code === 'vcenter-in-use')
    return { name: error.problem.detail ?? 'clusters provisioned through it name it' };
  return vcenterFieldErrors(error.fieldErrors);
}

export interface ProblemText {
  title: string;
  /** What to do about it. */
  hint: string;
}

/** The vCenter problem codes (ProblemType) in words; one place for the list, the test and the wizard. */
export const VCENTER_PROBLEM: Record<string, ProblemText> = {
  'vcenter-unreachable': {
    title: 'vCenter did not answer',
    hint: 'Check the URL and port, and that the Granary server can reach it (DNS, firewall, proxy).',
  },
  'vcenter-auth': {
    title: 'vCenter refused the user name or password',
    hint: 'Check the user (e.g. administrator@vsphere.local) and type the password again with Edit.',
  },
  'vcenter-tls': {
    title: "vCenter's certificate is not trusted",
    hint: 'Give its CA certificate or its thumbprint with Edit (govc about.cert -k -thumbprint prints it); turning verification off is for labs only.',
  },
  'vcenter-not-found': {
    title: 'No such vCenter connection',
    hint: 'It may have been deleted in another window.',
  },
  'vcenter-name-taken': {
    title: 'Another connection has this name',
    hint: 'Pick another name.',
  },
  'vcenter-in-use': {
    title: 'Clusters provisioned through this connection name it',
    hint: 'Destroy those clusters first, or keep the connection.',
  },
};

/** A failed test, inventory read or save in words: the code's title and hint, and what govc said. */
export function describeVcenterProblem(
  error: unknown,
): (ProblemText & { code?: string; detail?: string }) | undefined {
  if (error == null) return undefined;
  if (!isApiError(error)) return undefined;
  const known = VCENTER_PROBLEM[error.code];
  if (!known) return undefined;
  return { ...known, code: error.code, detail: error.problem.detail };
}
