import openapiYaml from '../../../../backend/openapi/openapi.yaml?raw';
import type { HealthReasonCode } from '../../api/types';
import { REASON_TEXT, reasonText } from './reasonText';

/** The HealthReasonCode enum as written in the contract. */
function specReasonCodes(yaml: string): string[] {
  const start = yaml.indexOf('    HealthReasonCode:');
  expect(start).toBeGreaterThan(0);
  const block = yaml.slice(start).split('\n');
  const enumAt = block.findIndex((line) => line.trim() === 'enum:');
  const codes: string[] = [];
  for (const line of block.slice(enumAt + 1)) {
    const m = /^\s+- ([A-Z0-9_]+)\s*$/.exec(line);
    if (!m) break;
    codes.push(m[1]!);
  }
  return codes;
}

describe('REASON_TEXT', () => {
  it('explains exactly the HealthReasonCode values of the OpenAPI contract', () => {
    const codes = specReasonCodes(openapiYaml);
    expect(codes.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(REASON_TEXT).sort()).toEqual([...codes].sort());
  });

  it('has a non-empty title and explanation for every code', () => {
    for (const [code, text] of Object.entries(REASON_TEXT)) {
      expect(text.title.trim(), code).not.toBe('');
      expect(text.explanation.trim().length, code).toBeGreaterThan(20);
      expect(text.explanation, code).not.toContain(code);
    }
  });

  it('is typed so that a missing code does not compile', () => {
    // @ts-expect-error -- DATANODE_DEAD and the other codes are missing
    const incomplete: Record<HealthReasonCode, { title: string; explanation: string }> = {
      STATE_STALE: { title: 't', explanation: 'e' },
    };
    expect(incomplete).toBeDefined();
  });

  it('falls back to a readable line for a code this console does not know', () => {
    expect(reasonText('SOMETHING_NEW').title).toBe('SOMETHING_NEW');
    expect(reasonText('DATANODE_DEAD')).toBe(REASON_TEXT.DATANODE_DEAD);
  });
});
