import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader } from '../../../ui';
import { useCompactionSchedule } from '../api';
import { CompactionsCrumbs } from '../components/CompactionsCrumbs';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { scheduleFormFrom } from '../formModel';

export function EditSchedulePage() {
  const { clusterId: param, scheduleId: idParam } = useParams();
  const clusterId = Number(param);
  const scheduleId = Number(idParam);
  const navigate = useNavigate();
  const { data, error, isPending } = useCompactionSchedule(clusterId, scheduleId);
  return (
    <div>
      <PageHeader
        crumbs={<CompactionsCrumbs clusterId={clusterId} />}
        title={data ? `Edit schedule ${data.name}` : 'Edit schedule'}
        subtitle="A run already under way keeps the settings it started with."
      />
      {isPending ? (
        error ? (
          <ErrorMessage error={error} />
        ) : (
          <Loading label="Loading schedule…" />
        )
      ) : data ? (
        <ScheduleEditor
          // A fresh form per loaded schedule; later refetches do not overwrite edits.
          key={data.id}
          clusterId={clusterId}
          initial={scheduleFormFrom(data)}
          schedule={data}
          onSaved={() => navigate(paths.compactions(clusterId))}
        />
      ) : (
        <ErrorMessage error={error} />
      )}
    </div>
  );
}
