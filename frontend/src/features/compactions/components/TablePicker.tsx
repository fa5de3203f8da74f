import { useDebounced } from '../../../lib/useDebounced';
import { TextFieldWithSuggestions } from '../../../ui';
import { useTables } from '../../tables/api';
import { hbaseTableName } from '../../tables/tableName';

const SUGGESTIONS = 50;
const SEARCH_DEBOUNCE_MS = 300;

export interface TablePickerProps {
  clusterId: number;
  label?: string;
  value: string;
  onChange: (table: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
}

/**
 * A table name with suggestions from the cluster's table list (searched as you type, so it
 * works with thousands of tables); any name can still be typed.
 */
export function TablePicker({
  clusterId,
  label = 'Table',
  value,
  onChange,
  error,
  hint,
  required,
}: TablePickerProps) {
  const search = useDebounced(value, SEARCH_DEBOUNCE_MS);
  // The list searches qualifiers; "ns:tab" searches "tab".
  const q = search.includes(':') ? search.slice(search.indexOf(':') + 1) : search;
  const { data } = useTables(clusterId, { q: q.trim() || undefined, page: 0, size: SUGGESTIONS });
  const names = (data?.items ?? []).map((t) => hbaseTableName(t.name, t.namespace));
  return (
    <TextFieldWithSuggestions
      label={label}
      value={value}
      suggestions={names}
      suggestionsTestId="table-suggestions"
      required={required}
      hint={hint ?? 'ns:name, or the name in the default namespace'}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
