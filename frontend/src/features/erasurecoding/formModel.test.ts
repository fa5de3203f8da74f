import { confirmMatches, convertRequest, defaultConvertForm, validateConvert } from './formModel';

const form = (over: Partial<ReturnType<typeof defaultConvertForm>> = {}) => ({
  ...defaultConvertForm('/data/archive', 'RS-3-2-1024k'),
  ...over,
});

describe('typed confirmation', () => {
  it('unlocks only when the path is typed exactly', () => {
    expect(confirmMatches(form())).toBe(false);
    expect(confirmMatches(form({ confirm: '/data/archiv' }))).toBe(false);
    expect(confirmMatches(form({ confirm: '/data/archive ' }))).toBe(false);
    expect(confirmMatches(form({ confirm: '/DATA/archive' }))).toBe(false);
    expect(confirmMatches(form({ confirm: '/data/archive' }))).toBe(true);
  });

  it('compares with the path as it will be sent (normalised)', () => {
    expect(confirmMatches(form({ path: ' /data/archive/ ', confirm: '/data/archive' }))).toBe(true);
    expect(confirmMatches(form({ path: '', confirm: '' }))).toBe(false);
    expect(confirmMatches(form({ path: '  ', confirm: '/' }))).toBe(false);
  });
});

describe('convert form', () => {
  it('starts unthrottled with no confirmation', () => {
    expect(defaultConvertForm()).toEqual({
      path: '',
      policy: '',
      throttleMbPerSecond: '0',
      confirm: '',
    });
  });

  it('needs a path, a policy, a throttle ≥ 0 and the confirmation', () => {
    expect(
      validateConvert(form({ path: '', policy: '', throttleMbPerSecond: '-1' })).map(
        (e) => e.field,
      ),
    ).toEqual(['path', 'policy', 'throttleMbPerSecond', 'confirm']);
    expect(validateConvert(form({ throttleMbPerSecond: '1.5', confirm: '/data/archive' }))).toEqual(
      [{ field: 'throttleMbPerSecond', message: 'must be a whole number ≥ 0' }],
    );
    expect(validateConvert(form({ confirm: '/data/archive' }))).toEqual([]);
  });

  it('sends the normalised path, the throttle as a number and the confirmation', () => {
    expect(
      convertRequest(
        form({ path: '/data/archive/', throttleMbPerSecond: ' 50 ', confirm: '/data/archive' }),
      ),
    ).toEqual({
      path: '/data/archive',
      policy: 'RS-3-2-1024k',
      throttleMbPerSecond: 50,
      confirm: '/data/archive',
    });
  });
});
