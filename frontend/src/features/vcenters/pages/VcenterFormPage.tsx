import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { PageHeader, Panel, PendingPage } from '../../../ui';
import { useVcenter } from '../api';
import { VcenterCrumbs } from '../components/VcenterCrumbs';
import { VcenterForm } from '../components/VcenterForm';

/** ADMIN: a new connection (`/vcenters/new`) or an edit of one (`/vcenters/:id/edit`). */
export function VcenterFormPage() {
  const { vcenterId: param } = useParams();
  const navigate = useNavigate();
  const editing = param != null;
  const vcenterId = Number(param);
  const vcenter = useVcenter(editing ? vcenterId : Number.NaN);

  if (editing && (vcenter.isPending || !vcenter.data)) {
    return (
      <PendingPage
        crumbs={<VcenterCrumbs>edit</VcenterCrumbs>}
        title="Edit vCenter connection"
        error={
          Number.isInteger(vcenterId)
            ? vcenter.error
            : new Error(`"${param}" is not a connection id.`)
        }
        loading="Loading connection…"
      />
    );
  }
  const current = editing ? vcenter.data : undefined;
  return (
    <div>
      <PageHeader
        crumbs={<VcenterCrumbs>{current ? current.name : 'new'}</VcenterCrumbs>}
        title={current ? `Edit ${current.name}` : 'Add vCenter connection'}
        subtitle="A vCenter's SDK URL, an account allowed to clone, reconfigure and delete VMs, how its certificate is trusted, and how Ansible reaches the guests."
      />
      <Panel title="Connection" data-testid="vcenter-form">
        <VcenterForm
          vcenter={current}
          onSaved={(v) => navigate(paths.vcenter(v.id))}
          onCancel={() => navigate(current ? paths.vcenter(current.id) : paths.vcenters())}
        />
      </Panel>
    </div>
  );
}
