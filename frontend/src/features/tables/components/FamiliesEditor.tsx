import { useCodecs } from '../api';
import { type FamilyForm, newFamily } from '../formModel';
import { Button, ErrorMessage, Timestamp } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { FamilyEditor } from './FamilyEditor';
import { ProbeCodecsAction } from './ProbeCodecsAction';

export interface FamiliesEditorProps {
  clusterId: number;
  families: FamilyForm[];
  onChange: (families: FamilyForm[]) => void;
  errorFor: (field: string) => string | undefined;
}

/** The column families of a create or alter form, with the cluster's verified codecs. */
export function FamiliesEditor({ clusterId, families, onChange, errorFor }: FamiliesEditorProps) {
  const codecs = useCodecs(clusterId);
  const report = codecs.data;
  const listError = errorFor('families');
  return (
    <div>
      <div className="row" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <span className="muted" data-testid="codec-status">
          {report?.running ? (
            'Codec probe running…'
          ) : report?.probedAt ? (
            <>
              Codecs verified <Timestamp iso={report.probedAt} relative />
            </>
          ) : (
            'Codecs have not been probed on this cluster yet.'
          )}
        </span>
        <RoleGate min="OPERATOR">
          <ProbeCodecsAction clusterId={clusterId} running={report?.running} />
        </RoleGate>
      </div>
      <ErrorMessage error={codecs.error} title="Could not load the codec list" />
      {families.map((family, index) => (
        <FamilyEditor
          key={family.key}
          family={family}
          index={index}
          codecs={report}
          errorFor={errorFor}
          onChange={(next) => onChange(families.map((f, i) => (i === index ? next : f)))}
          onRemove={
            families.length > 1 ? () => onChange(families.filter((_, i) => i !== index)) : undefined
          }
        />
      ))}
      {listError && <p className="field-error">{listError}</p>}
      <Button size="sm" onClick={() => onChange([...families, newFamily()])}>
        Add family
      </Button>
    </div>
  );
}
