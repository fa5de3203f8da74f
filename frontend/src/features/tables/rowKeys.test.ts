import { keyAfter, sameShellKey, shellKeyBytes } from './rowKeys';

describe('row keys in the shell form', () => {
  it('reads \\xNN escapes as one byte each', () => {
    expect(shellKeyBytes('a\\x00\\xFFb')).toEqual([0x61, 0, 0xff, 0x62]);
    expect(shellKeyBytes('\\x4')).toEqual([0x5c, 0x78, 0x34]);
  });

  it('compares keys by their bytes', () => {
    expect(sameShellKey('\\x0a', '\\x0A')).toBe(true);
    expect(sameShellKey('\\x41', 'A')).toBe(true);
    expect(sameShellKey('user1', 'user1\\x00')).toBe(false);
  });

  it('puts a zero byte after a key for the next page', () => {
    expect(keyAfter('user2\\xFF')).toBe('user2\\xFF\\x00');
  });
});
