// The Add host form: its state (numbers stay strings while edited), the HostInput it sends, the
// client checks, and the server's field errors (`dataDisks[1]`, `host-exists`) on its inputs.
import { isApiError } from '../../api/problem';
import type { FieldError, HostInput } from '../../api/types';
import { toInt } from '../tables/formModel';

export const DEFAULT_SSH_USER = 'root';
export const DEFAULT_RACK = '/default-rack';

/** Every property of HostInput: a new contract field is a compile error here. */
const HOST_INPUT_FIELDS: Record<keyof HostInput, true> = {
  address: true,
  hostname: true,
  sshUser: true,
  privateKey: true,
  cores: true,
  ramMb: true,
  dataDisks: true,
  rack: true,
};
export type HostField = keyof HostInput;
export const HOST_FIELDS = Object.keys(HOST_INPUT_FIELDS) as HostField[];

export type HostForm = Record<HostField, string>;

export function emptyHostForm(): HostForm {
  return {
    address: '',
    hostname: '',
    sshUser: DEFAULT_SSH_USER,
    privateKey: '',
    cores: '',
    ramMb: '',
    dataDisks: '',
    rack: DEFAULT_RACK,
  };
}

/** "/data/1, /data/2\n/data/3" → the paths, in order, each once. */
export function parseDisks(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\n,]/)) {
    const disk = part.trim();
    if (disk) seen.add(disk);
  }
  return [...seen];
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The request body; empty optional fields are left out (the backend takes them as unknown). */
export function hostInputFromForm(f: HostForm): HostInput {
  const disks = parseDisks(f.dataDisks);
  return {
    address: f.address.trim(),
    hostname: blankToUndefined(f.hostname),
    sshUser: f.sshUser.trim() || DEFAULT_SSH_USER,
    // The key is sent as pasted (trailing newline included): OpenSSH refuses keys without it.
    privateKey: f.privateKey,
    cores: toInt(f.cores),
    ramMb: toInt(f.ramMb),
    dataDisks: disks.length > 0 ? disks : undefined,
    rack: f.rack.trim() || DEFAULT_RACK,
  };
}

const KEY_HEADER = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/** What the browser can tell before sending; the backend checks the same and more. */
export function validateHost(f: HostForm): FieldError[] {
  const errors: FieldError[] = [];
  if (f.address.trim() === '') {
    errors.push({ field: 'address', message: 'an IPv4 address or a host name, e.g. 10.77.0.11' });
  } else if (/\s/.test(f.address.trim())) {
    errors.push({ field: 'address', message: 'no spaces' });
  }
  if (!KEY_HEADER.test(f.privateKey)) {
    errors.push({
      field: 'privateKey',
      message: 'paste an OpenSSH or PEM private key (-----BEGIN … PRIVATE KEY-----)',
    });
  }
  if (f.cores.trim() !== '' && !((toInt(f.cores) ?? 0) >= 1)) {
    errors.push({ field: 'cores', message: 'a whole number, at least 1' });
  }
  if (f.ramMb.trim() !== '' && !((toInt(f.ramMb) ?? 0) >= 256)) {
    errors.push({ field: 'ramMb', message: 'a whole number of MiB, at least 256' });
  }
  const relative = parseDisks(f.dataDisks).filter((d) => !d.startsWith('/'));
  if (relative.length > 0) {
    errors.push({ field: 'dataDisks', message: `not absolute: ${relative.join(', ')}` });
  }
  if (f.rack.trim() !== '' && !f.rack.trim().startsWith('/')) {
    errors.push({ field: 'rack', message: 'a rack path like /dc1/rack1' });
  }
  return errors;
}

/**
 * Field errors keyed by input. `dataDisks[1]` lands on the disks input naming that disk; a
 * `body.` prefix is tolerated; a 409 host-exists lands on the address.
 */
export function hostFieldErrors(
  errors: readonly FieldError[],
  disks: readonly string[] = [],
): Partial<Record<HostField, string>> {
  const known = new Set<string>(HOST_FIELDS);
  const map: Partial<Record<HostField, string>> = {};
  for (const e of errors) {
    const last = e.field.split('.').at(-1) ?? '';
    const match = /^([A-Za-z]+)(?:\[(\d+)\])?$/.exec(last);
    if (!match || !known.has(match[1]!)) continue;
    const field = match[1] as HostField;
    const index = match[2] == null ? undefined : Number(match[2]);
    const disk = index != null ? disks[index] : undefined;
    const message = disk != null ? `${disk}: ${e.message}` : e.message;
    map[field] = map[field] ? `${map[field]}; ${message}` : message;
  }
  return map;
}

/** The server's errors of an add-host call, on the inputs. */
export function serverHostErrors(
  error: unknown,
  disks: readonly string[] = [],
): Partial<Record<HostField, string>> {
  if (!isApiError(error)) return {};
  if (error.code === 'host-exists') {
    return { address: error.problem.detail ?? 'already in the inventory' };
  }
  return hostFieldErrors(error.fieldErrors, disks);
}
