// Row keys in the HBase shell's binary-safe form: printable ASCII as is, any other byte as \xNN.

/** The bytes a key in the shell's form stands for (`\xNN` is one byte, hex in either case). */
export function shellKeyBytes(key: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < key.length; i++) {
    const escaped = /^\\x([0-9a-fA-F]{2})/.exec(key.slice(i));
    if (escaped) {
      bytes.push(parseInt(escaped[1]!, 16));
      i += 3;
    } else {
      bytes.push(key.charCodeAt(i));
    }
  }
  return bytes;
}

/** Whether two keys in the shell's form name the same bytes (`\x0a` and `\x0A`, `\x41` and `A`). */
export function sameShellKey(a: string, b: string): boolean {
  const x = shellKeyBytes(a);
  const y = shellKeyBytes(b);
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}

/** The key just after `key` in HBase's order: the same bytes and a zero byte. */
export const keyAfter = (key: string) => `${key}\\x00`;
