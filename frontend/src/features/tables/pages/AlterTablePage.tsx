import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader } from '../../../ui';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';
import { useTable } from '../api';
import { AlterTableForm } from '../components/AlterTableForm';
import { hbaseTableName } from '../tableName';

export function AlterTablePage() {
  const { clusterId: param, table: tableParam = '' } = useParams();
  const clusterId = Number(param);
  const name = hbaseTableName(tableParam);
  const { data, error, isPending } = useTable(clusterId, name);
  return (
    <div>
      <PageHeader
        crumbs={
          <ClusterCrumbs clusterId={clusterId}>
            <Link to={paths.tables(clusterId)}>Tables</Link> /{' '}
            <Link to={paths.table(clusterId, name)} className="mono">
              {name}
            </Link>
          </ClusterCrumbs>
        }
        title={
          <>
            Alter <span className="title-mono">{name}</span>
          </>
        }
        subtitle="Families missing from the form are deleted; new ones are added. Preview first."
      />
      {isPending ? (
        error ? (
          <ErrorMessage error={error} />
        ) : (
          <Loading label="Loading table…" />
        )
      ) : data ? (
        // Keyed by table so the form starts from this table's descriptor, once.
        <AlterTableForm key={name} clusterId={clusterId} name={name} table={data} />
      ) : (
        <ErrorMessage error={error} />
      )}
    </div>
  );
}
