import { Link, useParams } from 'react-router';
import type { EcConversion } from '../../../api/types';
import { formatBytes, formatElapsed } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  ErrorMessage,
  KeyValueList,
  PageHeader,
  Panel,
  PendingPage,
  ProgressPanel,
  RefreshStatus,
  ShellCommand,
  Stat,
  Timestamp,
} from '../../../ui';
import { beforeAfter } from '../../compactions/runState';
import { OperationEventsPanel } from '../../operations/components/OperationEventsPanel';
import { CONVERSION_POLL_MS, useEcConversion } from '../api';
import { ConversionStateBadge } from '../components/EcBadges';
import { ErasureCodingCrumbs } from '../components/ErasureCodingCrumbs';
import {
  CONVERSION_STATE_TONE,
  conversionProgress,
  copyingText,
  filesText,
  rateText,
  throttleText,
} from '../ecModel';

/** One conversion of a directory to an EC policy, refreshed every second while it runs. */
export function EcConversionPage() {
  const { clusterId: param, conversionId: idParam } = useParams();
  const clusterId = Number(param);
  const conversionId = Number(idParam);
  const { data: conversion, error, isPending } = useEcConversion(clusterId, conversionId);

  const crumbs = (
    <ErasureCodingCrumbs clusterId={clusterId} tab="conversions">
      conversion #{idParam}
    </ErasureCodingCrumbs>
  );
  if (isPending || !conversion) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Conversion #${idParam}`}
        error={error}
        loading="Loading conversion…"
      />
    );
  }

  const c = conversion;
  return (
    <div data-testid="ec-conversion" data-state={c.state}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="row">
            Conversion #{c.id} to {c.policy}
            <ConversionStateBadge state={c.state} testId="ec-conversion-state" />
          </span>
        }
        subtitle={
          <>
            <span className="mono" data-testid="ec-conversion-path">
              {c.path}
            </span>
            <RefreshStatus intervalMs={CONVERSION_POLL_MS} live={c.state === 'RUNNING'} />
          </>
        }
      />
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      <ConversionProgressPanel conversion={c} />
      <Panel title="Space">
        <div className="stat-row">
          <Stat
            label="Reclaimed so far"
            value={formatBytes(c.reclaimedBytes)}
            testId="ec-conversion-reclaimed"
          />
          <Stat
            label="Raw bytes before → now"
            value={beforeAfter(c.rawBytesBefore, c.rawBytesNow, formatBytes)}
            testId="ec-conversion-raw"
          />
          <Stat
            label="Predicted after"
            value={formatBytes(c.predictedRawBytesAfter)}
            testId="ec-conversion-predicted"
          />
          <Stat
            label="Bytes converted"
            value={`${formatBytes(c.bytesDone)} / ${formatBytes(c.bytesTotal)}`}
            testId="ec-conversion-bytes"
          />
        </div>
      </Panel>
      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              {
                label: 'Directory',
                value: (
                  <Link
                    className="mono"
                    to={paths.erasureCoding(clusterId, { tab: 'directories', path: c.path })}
                  >
                    {c.path}
                  </Link>
                ),
              },
              { label: 'Policy', value: <span className="mono">{c.policy}</span> },
              { label: 'Throttle', value: throttleText(c.throttleMbPerSecond) },
              {
                label: 'Encoder',
                value: <span className="mono">{c.coder ?? 'not copying yet'}</span>,
                testId: 'ec-conversion-coder',
              },
              {
                label: 'Files at once',
                value: copyingText(c.parallelFiles, c.filesCopying, c.state === 'RUNNING'),
                testId: 'ec-conversion-parallel',
              },
              { label: 'Copy rate', value: rateText(c.mibPerSecond), testId: 'ec-conversion-rate' },
              { label: 'Started', value: <Timestamp iso={c.startedAt} /> },
              { label: 'Finished', value: <Timestamp iso={c.finishedAt} /> },
              { label: 'Duration', value: formatElapsed(c.startedAt, c.finishedAt) },
              {
                label: 'Message',
                value: c.message ?? <span className="muted">—</span>,
                testId: 'ec-conversion-message',
              },
            ]}
          />
        </Panel>
        <Panel title="Shell equivalent">
          <ShellCommand command={c.shellCommand.split('\n')} />
        </Panel>
      </div>
      {c.operationId && (
        <OperationEventsPanel
          operationId={c.operationId}
          testId="ec-conversion-operation"
          stateTestId="ec-conversion-operation-state"
        />
      )}
    </div>
  );
}

function ConversionProgressPanel({ conversion: c }: { conversion: EcConversion }) {
  return (
    <ProgressPanel
      progress={conversionProgress(c)}
      label="Files finished"
      unit="files"
      tone={CONVERSION_STATE_TONE[c.state]}
      testId="ec-conversion-progress"
      countsTestId="ec-conversion-files"
    >
      {filesText(c)}
    </ProgressPanel>
  );
}
