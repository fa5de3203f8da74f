/**
 * Short headlines for the backend's table-lint codes; the finding's message carries the detail.
 * The contract types `code` as a string, so an unknown code falls back to the code itself.
 */
export const LINT_TITLE: Readonly<Record<string, string>> = {
  SEQUENTIAL_KEYS_UNSPLIT: 'Sequential keys on one region',
  FEWER_REGIONS_THAN_SERVERS: 'Fewer regions than RegionServers',
  TTL_WITHOUT_MAJOR_COMPACTION: 'TTL without major compaction',
  GZ_ON_WRITE_HEAVY: 'GZ on a write-heavy table',
  RANDOM_READ_WITHOUT_BLOOM: 'Random reads without a bloom filter',
  TOO_MANY_FAMILIES: 'Many column families',
};

export function lintTitle(code: string): string {
  return LINT_TITLE[code] ?? code;
}
