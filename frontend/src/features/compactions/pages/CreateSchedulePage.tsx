import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../ui';
import { CompactionsCrumbs } from '../components/CompactionsCrumbs';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { defaultScheduleForm } from '../formModel';

export function CreateSchedulePage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const navigate = useNavigate();
  const [initial] = useState(() => defaultScheduleForm());
  return (
    <div>
      <PageHeader
        crumbs={<CompactionsCrumbs clusterId={clusterId} />}
        title="Create compaction schedule"
        subtitle="Windows on a cron in which Granary compacts the regions that need it, within caps."
      />
      <ScheduleEditor
        clusterId={clusterId}
        initial={initial}
        onSaved={() => navigate(paths.compactions(clusterId))}
      />
    </div>
  );
}
