import { ApiError } from '../../api/problem';
import { vcenterFixture } from '../../test/fixtures';
import {
  describeVcenterProblem,
  emptyVcenterForm,
  formFromVcenter,
  serverVcenterErrors,
  shownBody,
  validateVcenter,
  vcenterBody,
  vcenterInput,
  VCENTER_PROBLEM,
} from './vcenterForm';

const filled = {
  ...emptyVcenterForm(),
  name: 'vc-prod',
  url: 'https://vcenter.example.com/sdk',
  username: 'administrator@vsphere.local',
  password: 'S3cret pass!',
};

const problem = (
  status: number,
  code: string,
  detail?: string,
  errors?: { field: string; message: string }[],
) => ApiError.from(status, { type: 'about:blank', title: code, status, code, detail, errors });

describe('vCenter connection form', () => {
  it('verifies TLS by default and sends every field of a new connection', () => {
    expect(emptyVcenterForm().tlsVerify).toBe(true);
    expect(validateVcenter(filled)).toEqual([]);
    expect(vcenterInput(filled)).toEqual({
      name: 'vc-prod',
      url: 'https://vcenter.example.com/sdk',
      username: 'administrator@vsphere.local',
      password: 'S3cret pass!',
      tlsVerify: true,
      guestSshUser: 'root',
    });
  });

  it('requires a name, an https URL, a user and (new only) a password', () => {
    const errors = validateVcenter({ ...emptyVcenterForm(), url: 'http://vc.example.com/sdk' });
    expect(errors.map((e) => e.field)).toEqual(['name', 'url', 'username', 'password']);
    expect(errors[1]!.message).toContain('https://');
    expect(validateVcenter({ ...filled, name: 'VC Prod' })[0]!.field).toBe('name');
    expect(validateVcenter({ ...filled, url: 'vcenter.example.com' })[0]!.field).toBe('url');
    // an edit keeps the stored password when none is typed
    expect(validateVcenter({ ...filled, password: '' }, true)).toEqual([]);
  });

  it('checks a thumbprint or a CA only while verification is on, and sends only the one chosen', () => {
    const thumb = { ...filled, trust: 'thumbprint' as const, thumbprint: 'ab:cd' };
    expect(validateVcenter(thumb).map((e) => e.field)).toEqual(['thumbprint']);
    const sha1 = Array.from({ length: 20 }, () => 'ab').join(':');
    expect(vcenterBody({ ...thumb, thumbprint: sha1, caPem: 'ignored' })).toMatchObject({
      tlsVerify: true,
      thumbprint: sha1.toUpperCase(),
    });
    expect(vcenterBody({ ...thumb, thumbprint: sha1 }).caPem).toBeUndefined();
    const ca = { ...filled, trust: 'ca' as const, caPem: 'not a cert' };
    expect(validateVcenter(ca).map((e) => e.field)).toEqual(['caPem']);
    // off: nothing to check, nothing of it sent
    expect(validateVcenter({ ...ca, tlsVerify: false })).toEqual([]);
    const off = vcenterBody({ ...thumb, tlsVerify: false });
    expect(off.tlsVerify).toBe(false);
    expect(off.thumbprint).toBeUndefined();
  });

  it('leaves blank secrets out of an update and hides them in the API line', () => {
    const edit = formFromVcenter(vcenterFixture);
    expect(edit.password).toBe('');
    expect(edit.tlsVerify).toBe(false);
    const body = vcenterBody(edit);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('guestPrivateKey');
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
    const shown = shownBody(vcenterBody({ ...edit, password: 'x', guestPrivateKey: key }));
    expect(shown.password).toBe('<password>');
    expect(shown.guestPrivateKey).toBe('<private key>');
    expect(validateVcenter({ ...edit, guestPrivateKey: 'ssh-ed25519 AAAA' }, true)[0]!.field).toBe(
      'guestPrivateKey',
    );
  });

  it("puts the server's field errors and a taken name on the inputs", () => {
    expect(
      serverVcenterErrors(
        problem(400, 'validation-failed', 'invalid', [
          { field: 'body.url', message: 'must match' },
          { field: 'thumbprint', message: 'bad' },
          { field: 'thumbprint', message: 'too short' },
        ]),
      ),
    ).toEqual({ url: 'must match', thumbprint: 'bad; too short' });
    expect(serverVcenterErrors(problem(409, 'vcenter-name-taken', 'vc-prod exists'))).toEqual({
      name: 'vc-prod exists',
    });
  });

  it('says each coded vCenter failure in words, with what vCenter said', () => {
    for (const code of ['vcenter-unreachable', 'vcenter-auth', 'vcenter-tls']) {
      expect(VCENTER_PROBLEM[code]?.title).toBeTruthy();
      expect(VCENTER_PROBLEM[code]?.hint).toBeTruthy();
    }
    const auth = describeVcenterProblem(
      problem(
        409,
        'vcenter-auth',
        'ServerFaultCode: Cannot complete login due to an incorrect user name or password.',
      ),
    );
    expect(auth).toMatchObject({
      code: 'vcenter-auth',
      title: 'vCenter refused the user name or password',
      detail: expect.stringContaining('incorrect user name or password'),
    });
    expect(describeVcenterProblem(problem(500, 'internal', 'boom'))).toBeUndefined();
    expect(describeVcenterProblem(null)).toBeUndefined();
  });
});
