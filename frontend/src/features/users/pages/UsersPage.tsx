import { ErrorMessage, Loading, PageHeader, Panel } from '../../../ui';
import { useAuth } from '../../auth/useAuth';
import { useUsers } from '../api';
import { ConsoleTlsPanel } from '../components/ConsoleTlsPanel';
import { CreateUserForm } from '../components/CreateUserForm';
import { UsersTable } from '../components/UsersTable';

export function UsersPage() {
  const { user } = useAuth();
  const { data, error, isPending } = useUsers();
  return (
    <div>
      <PageHeader
        title="Users"
        subtitle="Console and API users. VIEWER reads, OPERATOR also runs operations, ADMIN also manages users and clusters."
      />
      <Panel title="New user">
        <CreateUserForm />
      </Panel>
      <Panel title="All users">
        <ErrorMessage error={error} />
        {isPending ? (
          <Loading label="Loading users…" />
        ) : (
          data && <UsersTable users={data} currentUsername={user?.username} />
        )}
      </Panel>
      <ConsoleTlsPanel />
    </div>
  );
}
