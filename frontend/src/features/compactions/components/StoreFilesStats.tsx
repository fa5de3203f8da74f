import { formatNumber } from '../../../lib/format';
import { Stat } from '../../../ui';

/** Store files before and after a run, as two Stats (test ids `${testIdPrefix}-before|after`). */
export function StoreFilesStats({
  before,
  after,
  testIdPrefix,
}: {
  before?: number;
  after?: number;
  testIdPrefix: string;
}) {
  return (
    <>
      <Stat
        label="Store files before"
        value={formatNumber(before)}
        testId={`${testIdPrefix}-before`}
      />
      <Stat
        label="Store files after"
        value={formatNumber(after)}
        testId={`${testIdPrefix}-after`}
      />
    </>
  );
}
