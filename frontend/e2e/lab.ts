import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** One entry of the lab's hosts.json (tools/lab/lab.sh). */
export interface LabHost {
  name: string;
  hostname: string;
  address: string;
  cores: number;
  ramMb: number;
  sshUser: string;
  sshPort: number;
  /** Path of the private key file (relative paths are from the hosts.json's directory). */
  sshKey: string;
}

/** Where the lab hosts keep their data; hosts.json does not say (the example inventory uses it). */
export const LAB_DATA_DISK = '/data/1';

/** Spec 10 installs onto the first 3 lab hosts; spec 14 scales out to the 4th and back in. */
export const INSTALLED_LAB_HOSTS = 3;

export function readLabHosts(file: string): LabHost[] {
  let hosts: unknown;
  try {
    hosts = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`GRANARY_LAB_HOSTS=${file}: cannot read it as JSON (${String(e)})`);
  }
  if (!Array.isArray(hosts) || hosts.length === 0) {
    throw new Error(`GRANARY_LAB_HOSTS=${file}: expected a non-empty array of hosts`);
  }
  return hosts as LabHost[];
}

/** The host's private key as it would be pasted into the Add host form. */
export function labPrivateKey(file: string, host: LabHost): string {
  return readFileSync(resolve(dirname(file), host.sshKey), 'utf8');
}
