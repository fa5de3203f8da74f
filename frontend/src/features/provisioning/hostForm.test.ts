import { ApiError } from '../../api/problem';
import {
  emptyHostForm,
  hostFieldErrors,
  hostInputFromForm,
  parseDisks,
  serverHostErrors,
  validateHost,
} from './hostForm';

const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----\n';

describe('parseDisks', () => {
  it('takes one per line or comma-separated, trimmed, each once, in order', () => {
    expect(parseDisks('/data/1\n/data/2, /data/3 ,\n\n/data/1')).toEqual([
      '/data/1',
      '/data/2',
      '/data/3',
    ]);
    expect(parseDisks('/data/1,/data/2')).toEqual(['/data/1', '/data/2']);
    expect(parseDisks(' \n , ')).toEqual([]);
    expect(parseDisks('')).toEqual([]);
  });
});

describe('hostInputFromForm', () => {
  it('sends numbers and disks, and leaves empty optional fields out', () => {
    const body = hostInputFromForm({
      ...emptyHostForm(),
      address: ' 10.77.0.11 ',
      hostname: 'lab1',
      privateKey: KEY,
      cores: '4',
      ramMb: '6144',
      dataDisks: '/data/1\n/data/2',
    });
    expect(body).toEqual({
      address: '10.77.0.11',
      hostname: 'lab1',
      sshUser: 'root',
      privateKey: KEY,
      cores: 4,
      ramMb: 6144,
      dataDisks: ['/data/1', '/data/2'],
      rack: '/default-rack',
    });
    const bare = hostInputFromForm({
      ...emptyHostForm(),
      address: 'h',
      privateKey: KEY,
      sshUser: ' ',
    });
    expect(bare.hostname).toBeUndefined();
    expect(bare.cores).toBeUndefined();
    expect(bare.dataDisks).toBeUndefined();
    expect(bare.sshUser).toBe('root');
  });
});

describe('validateHost', () => {
  it('needs an address and a private key', () => {
    expect(validateHost(emptyHostForm()).map((e) => e.field)).toEqual(['address', 'privateKey']);
    expect(
      validateHost({ ...emptyHostForm(), address: 'a', privateKey: 'ssh-ed25519 AAAA' }),
    ).toEqual([expect.objectContaining({ field: 'privateKey' })]);
    expect(validateHost({ ...emptyHostForm(), address: 'a', privateKey: KEY })).toEqual([]);
  });

  it('checks numbers, disks and rack when given', () => {
    const errors = validateHost({
      ...emptyHostForm(),
      address: 'a b',
      privateKey: KEY,
      cores: '0',
      ramMb: '128',
      dataDisks: '/data/1, data/2',
      rack: 'rack1',
    });
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      address: 'no spaces',
      cores: 'a whole number, at least 1',
      ramMb: 'a whole number of MiB, at least 256',
      dataDisks: 'not absolute: data/2',
      rack: 'a rack path like /dc1/rack1',
    });
  });
});

describe('server field errors', () => {
  it('puts indexed disk errors on the disks input, naming the disk', () => {
    expect(
      hostFieldErrors(
        [
          { field: 'dataDisks[1]', message: 'an absolute path' },
          { field: 'dataDisks[2]', message: 'an absolute path' },
          { field: 'body.sshUser', message: 'a Unix user name' },
          { field: 'somethingElse', message: 'x' },
        ],
        ['/data/1', 'data/2', 'x'],
      ),
    ).toEqual({
      dataDisks: 'data/2: an absolute path; x: an absolute path',
      sshUser: 'a Unix user name',
    });
  });

  it('puts host-exists on the address', () => {
    const conflict = ApiError.from(409, {
      title: 'The host is already in the inventory',
      status: 409,
      code: 'host-exists',
      detail: 'host 10.77.0.11 is already in the inventory',
    });
    expect(serverHostErrors(conflict)).toEqual({
      address: 'host 10.77.0.11 is already in the inventory',
    });
    const invalid = ApiError.from(400, {
      title: 'Invalid',
      status: 400,
      code: 'validation-failed',
      errors: [{ field: 'privateKey', message: 'an OpenSSH or PEM private key' }],
    });
    expect(serverHostErrors(invalid)).toEqual({ privateKey: 'an OpenSSH or PEM private key' });
    expect(serverHostErrors(new Error('x'))).toEqual({});
  });
});
