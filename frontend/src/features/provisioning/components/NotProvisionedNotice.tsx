/**
 * A cluster Granary registered but did not install: it has no installed version, so none of the
 * day-2 actions apply. `what` finishes "so it cannot …".
 */
export function NotProvisionedNotice({
  name,
  what,
  instead,
  testId,
}: {
  name: string;
  what: string;
  instead: string;
  testId: string;
}) {
  return (
    <div className="notice" role="status" data-testid={testId}>
      <strong>{name}</strong> has no installed version: Granary did not install it, so it cannot{' '}
      {what}. {instead}
    </div>
  );
}
