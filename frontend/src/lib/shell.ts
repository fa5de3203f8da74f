// Shell equivalents shown beside mutating console actions.

/** The hbase shell lines that run the balancer once (matches the backend's BALANCER_RUN). */
export const BALANCER_SHELL = ['hbase shell> balance_switch true', 'hbase shell> balancer'];

const SECRET_FIELDS = new Set(['password']);

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl call an automation would make for the same action, using an API token.
 * Secrets in the body are replaced by placeholders.
 */
export function curlCommand(
  method: string,
  apiPath: string,
  body?: Record<string, unknown>,
): string {
  const parts = [
    `curl -sS -X ${method.toUpperCase()}`,
    `-H "Authorization: Bearer $GRANARY_TOKEN"`,
  ];
  if (body !== undefined) {
    const shown = Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '<password>' : v]),
    );
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(shown))}`);
  }
  parts.push(`"$GRANARY_URL${apiPath}"`);
  return parts.join(' ');
}
