import { Badge } from '../../../ui';

/**
 * The backend's warnings about a directory, report or change. The contract gives them as text
 * without codes, so they are shown as they come.
 */
export function WarningList({ warnings }: { warnings: readonly string[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <ul className="reasons" aria-label="Warnings">
      {warnings.map((w) => (
        <li key={w} className="reason" data-testid="ec-warning">
          <Badge tone="warn">WARN</Badge>
          <span className="reason-text">{w}</span>
        </li>
      ))}
    </ul>
  );
}
