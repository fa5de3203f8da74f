import { benchmarkRunDetailFixture, benchmarkRunFixture } from '../../test/fixtures';
import {
  clientSaturated,
  formatCeilingRatio,
  formatCpu,
  formatMs,
  isLive,
  modeText,
  progressPercent,
  agentSelfCostText,
  provenanceItems,
  PROVENANCE_FIELDS,
  runName,
} from './runModel';

describe('runModel', () => {
  it('polls queued and running runs only', () => {
    expect(isLive('QUEUED')).toBe(true);
    expect(isLive('RUNNING')).toBe(true);
    expect(isLive('SUCCEEDED')).toBe(false);
    expect(isLive('CANCELLED')).toBe(false);
    expect(isLive(undefined)).toBe(false);
  });

  it('names the loop mode with its rate', () => {
    expect(modeText({ mode: 'closed' })).toBe('closed loop');
    expect(modeText({ mode: 'open', targetRate: 5000 })).toBe('open loop @ 5,000 ops/s');
    expect(modeText({ mode: 'open' })).toBe('open loop');
  });

  it('formats latencies, CPU and the ceiling ratio', () => {
    expect(formatMs(0.153)).toBe('0.15 ms');
    expect(formatMs(12.345)).toBe('12.3 ms');
    expect(formatMs(1234.5)).toBe('1,235 ms');
    expect(formatMs(undefined)).toBe('—');
    expect(formatCpu(87.26)).toBe('87.3%');
    expect(formatCeilingRatio(0.4236)).toBe('42%');
    expect(formatCeilingRatio(0.042)).toBe('4.2%');
    expect(formatCeilingRatio(1.3)).toBe('130%');
    expect(formatCeilingRatio(undefined)).toBe('—');
  });

  it('warns of a saturated client above 80% mean CPU', () => {
    expect(clientSaturated(80)).toBe(false);
    expect(clientSaturated(80.1)).toBe(true);
    expect(clientSaturated(undefined)).toBe(false);
  });

  it('turns progress 0..1 into a percentage, full once succeeded', () => {
    expect(progressPercent({ progress: 0.456, state: 'RUNNING' })).toBe(45);
    expect(progressPercent({ progress: 1.7, state: 'RUNNING' })).toBe(100);
    expect(progressPercent({ progress: -1, state: 'QUEUED' })).toBe(0);
    expect(progressPercent({ progress: 0.9, state: 'SUCCEEDED' })).toBe(100);
    expect(progressPercent({ progress: 0.3, state: 'CANCELLED' })).toBe(30);
  });

  it('names runs by series and label, probes as such', () => {
    // one variant: the series name already says the workload, the default label adds nothing
    expect(runName(benchmarkRunFixture)).toBe('YCSB A');
    expect(runName({ ...benchmarkRunFixture, seriesName: 'ycsb A vs ycsb B', label: 'B' })).toBe(
      'ycsb A vs ycsb B · B',
    );
    expect(runName({ ...benchmarkRunFixture, label: 'tuned' })).toBe('YCSB A · tuned');
    expect(runName({ ...benchmarkRunFixture, seriesName: undefined })).toBe('A');
    expect(runName({ ...benchmarkRunFixture, kind: 'CEILING' })).toBe('Ceiling probe #12');
  });

  it('lists every text provenance field, a dash where missing', () => {
    const items = provenanceItems(benchmarkRunDetailFixture.provenance!);
    expect(items).toHaveLength(PROVENANCE_FIELDS.length);
    expect(items.find((i) => i.label === 'HBase')?.value).toBe('2.6.4');
    expect(items.find((i) => i.label === 'Agent cores')?.value).toBe('8');
    expect(provenanceItems({}).every((i) => i.value === '—')).toBe(true);
  });
});

describe('agentSelfCostText', () => {
  it('says what the agent cost itself, with its pauses', () => {
    expect(
      agentSelfCostText({
        cpuMeanPercent: 31.5,
        cpuMaxPercent: 41,
        gcPauses: 3,
        gcPauseTotalMs: 12,
        gcPauseMaxMs: 6,
        allocatedMiB: 220,
        allocatedMiBPerSecond: 7.3,
      }),
    ).toBe(
      'CPU 31.5% mean, 41.0% max · 3 GC pauses, 12 ms in all, longest 6 ms · 220 MiB allocated (7.3 MiB/s)',
    );
    expect(
      agentSelfCostText({
        cpuMeanPercent: 2,
        cpuMaxPercent: 3,
        gcPauses: 0,
        gcPauseTotalMs: 0,
        gcPauseMaxMs: 0,
        allocatedMiB: 1,
        allocatedMiBPerSecond: 0.1,
      }),
    ).toContain('no GC pauses');
    expect(agentSelfCostText(undefined)).toBe('—');
  });
});
