import { useState, type FormEvent } from 'react';
import { AUDIT_RESULTS, parseAuditResult } from '../auditResult';
import { isoToLocalInput, localInputToIso } from '../../../lib/format';
import type { AuditFilters } from '../../../lib/paths';
import { Button, SelectField, TextField } from '../../../ui';

interface Props {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** Filter form; dates are entered in local time and sent as ISO instants. */
export function AuditFiltersForm({ value, onApply }: Props) {
  const [username, setUsername] = useState(value.username ?? '');
  const [action, setAction] = useState(value.action ?? '');
  const [result, setResult] = useState<string>(value.result ?? '');
  const [from, setFrom] = useState(isoToLocalInput(value.from));
  const [to, setTo] = useState(isoToLocalInput(value.to));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      username: username.trim() || undefined,
      action: action.trim() || undefined,
      result: parseAuditResult(result),
      from: localInputToIso(from),
      to: localInputToIso(to),
      size: value.size,
      page: 0,
    });
  };

  const reset = () => {
    setUsername('');
    setAction('');
    setResult('');
    setFrom('');
    setTo('');
    onApply({ size: value.size, page: 0 });
  };

  return (
    <form
      className="form-row"
      onSubmit={submit}
      aria-label="Audit filters"
      style={{ marginBottom: 10 }}
    >
      <TextField
        label="User"
        name="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        label="Action"
        name="action"
        placeholder="e.g. POST /api/v1/clusters/1/balancer"
        value={action}
        onChange={(e) => setAction(e.target.value)}
      />
      <SelectField
        label="Result"
        name="result"
        value={result}
        onChange={(e) => setResult(e.target.value)}
      >
        <option value="">Any</option>
        {AUDIT_RESULTS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <TextField
        label="From"
        name="from"
        type="datetime-local"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label="To"
        name="to"
        type="datetime-local"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className="row">
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Button onClick={reset}>Reset</Button>
      </div>
    </form>
  );
}
