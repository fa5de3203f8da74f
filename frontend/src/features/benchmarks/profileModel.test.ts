import { describe, expect, it } from 'vitest';
import { flameFixture } from '../../test/fixtures';
import { profilePending, profileStatus, serverLabel, serverProfiles } from './profileModel';

describe('profileModel', () => {
  it('names a RegionServer host:port and keeps why one has no flame tree', () => {
    expect(serverLabel('rs1.example,16020,1700000000000')).toBe('rs1.example:16020');
    expect(serverLabel('odd')).toBe('odd');
    const servers = serverProfiles({
      runId: 1,
      state: 'done',
      interval: '10ms',
      servers: [
        { name: 'a,1,2', samples: 1000, seconds: 5, checksumShare: 0.04, flame: flameFixture },
        { name: 'b,1,2', message: 'cannot attach async-profiler: gone' },
        { name: 'c,1,2', samples: 3, flame: { n: 'all' } },
      ],
    });
    expect(servers.map((s) => [s.label, s.flame !== null, s.samples, s.message])).toEqual([
      ['a:1', true, 1000, undefined],
      ['b:1', false, undefined, 'cannot attach async-profiler: gone'],
      // a malformed tree is not drawn
      ['c:1', false, 3, undefined],
    ]);
  });

  it('polls until the run has stored its profile, and says what it waits for', () => {
    const p = (state: 'pending' | 'running' | 'done' | 'missing') => ({
      runId: 1,
      state,
      interval: '10ms',
      servers: [],
    });
    expect(profilePending(undefined)).toBe(true);
    expect(profilePending(p('running'))).toBe(true);
    expect(profilePending(p('done'))).toBe(false);
    expect(profilePending(p('missing'))).toBe(false);
    expect(profileStatus(p('running'))).toContain('every 10ms while the run lasts');
    expect(profileStatus(p('missing'))).toContain('without a stored profile');
    expect(
      profileStatus({ ...p('done'), message: "none of this cluster's RegionServers is live" }),
    ).toBe("none of this cluster's RegionServers is live");
  });
});
