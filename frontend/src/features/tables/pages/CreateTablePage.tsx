import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldError } from '../../../api/problem';
import type { CreateTableResponse, OperationDetail, TablePreview } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { hbaseShellLines } from '../../../lib/shell';
import {
  Button,
  ErrorMessage,
  PageHeader,
  Panel,
  SelectField,
  ShellCommand,
  TextField,
} from '../../../ui';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { useCreateTable, useNamespaces, usePreviewTable } from '../api';
import { CreateNamespaceAction } from '../components/CreateNamespaceAction';
import { FamiliesEditor } from '../components/FamiliesEditor';
import { LintList } from '../components/LintList';
import { PreviewResult } from '../components/PreviewResult';
import { SampleEditor } from '../components/SampleEditor';
import { SettingsEditor } from '../components/SettingsEditor';
import { SplitEditor } from '../components/SplitEditor';
import {
  createRequest,
  DEFAULT_FAMILY_NAME,
  DEFAULT_SAMPLE,
  DEFAULT_SETTINGS,
  DEFAULT_SPLIT,
  type FamilyForm,
  keysDiffer,
  newFamily,
  type WorkloadForm,
} from '../formModel';
import { DEFAULT_NAMESPACE, newTableName } from '../tableName';

interface Previewed {
  preview: TablePreview;
  /** The request the preview answered, to tell when the form has moved on. */
  requestKey: string;
}

interface Created {
  response: CreateTableResponse;
  table: string;
}

export function CreateTablePage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const navigate = useNavigate();
  const namespaces = useNamespaces(clusterId);
  const preview = usePreviewTable(clusterId);
  const create = useCreateTable(clusterId);

  const [namespace, setNamespace] = useState(DEFAULT_NAMESPACE);
  const [name, setName] = useState('');
  const [families, setFamilies] = useState<FamilyForm[]>(() => [newFamily(DEFAULT_FAMILY_NAME)]);
  const [settings, setSettings] = useState(DEFAULT_SETTINGS);
  const [workload, setWorkload] = useState<WorkloadForm>({ writeHeavy: false, randomReads: false });
  const [split, setSplit] = useState(DEFAULT_SPLIT);
  const [sample, setSample] = useState(DEFAULT_SAMPLE);
  // The last preview or create failure: its field errors go next to the inputs.
  const [problem, setProblem] = useState<{ error: unknown; action: 'preview' | 'create' } | null>(
    null,
  );
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [keysNotice, setKeysNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [finished, setFinished] = useState<OperationDetail | null>(null);

  const table = newTableName(namespace, name);
  const form = { name: table, families, settings, split, sample, workload };
  const request = createRequest(form);
  const requestKey = JSON.stringify(request);
  const errorFor = (field: string) => fieldError(problem?.error, field);
  const creating = create.isPending || (created !== null && finished === null);

  const runPreview = () =>
    preview.mutate(request, {
      onSuccess: (result) => {
        setProblem(null);
        let answered = requestKey;
        // Create refuses unsorted or duplicate keys: take the backend's normalized list.
        if (split.strategy === 'EXPLICIT' && keysDiffer(split.keys, result.splitKeys)) {
          const keys = result.splitKeys.join('\n');
          setSplit({ ...split, keys });
          answered = JSON.stringify(createRequest({ ...form, split: { ...split, keys } }));
          setKeysNotice(
            `The split keys were replaced by the ${result.splitKeys.length} sorted, de-duplicated keys the table will be created with.`,
          );
        } else {
          setKeysNotice(null);
        }
        setPreviewed({ preview: result, requestKey: answered });
      },
      onError: (error) => setProblem({ error, action: 'preview' }),
    });

  const runCreate = () =>
    create.mutate(request, {
      onSuccess: (response) => {
        setProblem(null);
        setFinished(null);
        setCreated({ response, table });
      },
      onError: (error) => setProblem({ error, action: 'create' }),
    });

  const onFinished = (operation: OperationDetail) => {
    if (operation.state === 'SUCCEEDED' && created) {
      navigate(paths.table(clusterId, created.table));
    } else {
      setFinished(operation);
    }
  };

  const submit = (event: FormEvent) => {
    // Enter in a field previews; creating takes the explicit button.
    event.preventDefault();
    runPreview();
  };

  const shell = created?.response.shellCommand ?? previewed?.preview.shellCommand;
  const stale = previewed !== null && previewed.requestKey !== requestKey;
  const nsOptions = namespaces.data?.map((n) => n.name) ?? [];
  if (!nsOptions.includes(namespace)) nsOptions.unshift(namespace);

  return (
    <div>
      <PageHeader
        crumbs={
          <ClusterCrumbs clusterId={clusterId}>
            <Link to={paths.tables(clusterId)}>Tables</Link>
          </ClusterCrumbs>
        }
        title="Create table"
        subtitle="Design the table, preview how keys spread over its regions, then create it."
      />
      <form onSubmit={submit} aria-label="Create table" noValidate>
        <fieldset className="plain-fieldset" disabled={creating}>
          <Panel title="Table">
            <div className="form-row">
              <SelectField
                label="Namespace"
                value={namespace}
                onChange={(e) => setNamespace(e.target.value)}
              >
                {nsOptions.map((ns) => (
                  <option key={ns} value={ns}>
                    {ns}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Table name"
                value={name}
                required
                autoComplete="off"
                spellCheck={false}
                hint="Letters, digits, _ - and .; or namespace:name"
                onChange={(e) => setName(e.target.value)}
                error={errorFor('name')}
              />
              <div className="row">
                <CreateNamespaceAction clusterId={clusterId} onCreated={setNamespace} />
              </div>
            </div>
          </Panel>

          <Panel title="Column families">
            <FamiliesEditor
              clusterId={clusterId}
              families={families}
              onChange={setFamilies}
              errorFor={errorFor}
            />
          </Panel>

          <Panel title="Table settings">
            <SettingsEditor
              settings={settings}
              onChange={setSettings}
              workload={workload}
              onWorkloadChange={setWorkload}
              errorFor={errorFor}
            />
          </Panel>

          <Panel title="Pre-split">
            <SplitEditor
              split={split}
              onChange={setSplit}
              errorFor={errorFor}
              keysNotice={
                keysNotice && (
                  <div className="notice" role="status" data-testid="split-keys-normalized">
                    {keysNotice}
                  </div>
                )
              }
            />
          </Panel>

          <Panel title="Preview">
            <SampleEditor sample={sample} onChange={setSample} errorFor={errorFor} />
            <div className="row" style={{ margin: '10px 0' }}>
              <Button type="submit" busy={preview.isPending}>
                Preview
              </Button>
              <span className="muted">Nothing is created by a preview.</span>
            </div>
            {previewed && <PreviewResult preview={previewed.preview} stale={stale} />}
          </Panel>
        </fieldset>

        <Panel title="Create">
          <div className="stack">
            <ErrorMessage
              error={problem?.error}
              title={
                problem?.action === 'preview'
                  ? 'Could not preview the table'
                  : 'Could not create the table'
              }
            />
            <div className="row">
              <Button
                variant="primary"
                busy={creating}
                disabled={name.trim() === ''}
                onClick={runCreate}
              >
                Create table
              </Button>
              <span className="muted">
                Creates <span className="mono">{table || '<name>'}</span> as an operation; this page
                follows it and then opens the table.
              </span>
            </div>
            {shell ? (
              <ShellCommand command={hbaseShellLines(shell)} />
            ) : (
              <p className="muted">Preview to see the equivalent hbase shell command.</p>
            )}
            {created && (
              <>
                <OperationTracker operation={created.response.operation} onFinished={onFinished} />
                {(created.response.messages?.length ?? 0) > 0 && (
                  <ul className="plain-list" aria-label="Create messages">
                    {created.response.messages?.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                )}
                {!previewed && <LintList findings={created.response.lint} />}
              </>
            )}
            {finished && finished.state !== 'SUCCEEDED' && (
              <div className="notice notice-warn" role="status">
                The table was not created ({finished.state}):{' '}
                {finished.message ?? 'see the operation'}. Fix the form and create again.
              </div>
            )}
          </div>
        </Panel>
      </form>
    </div>
  );
}
