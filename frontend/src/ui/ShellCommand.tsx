import { CopyButton } from './CopyButton';

export interface ShellCommandProps {
  /** One command, or several lines run in order. */
  command: string | readonly string[];
  label?: string;
}

/** The shell (or API) command that does what the console action beside it does. */
export function ShellCommand({ command, label = 'Shell equivalent' }: ShellCommandProps) {
  const lines = typeof command === 'string' ? [command] : command;
  const text = lines.join('\n');
  return (
    <figure className="shell" aria-label={label} data-testid="shell-command">
      <figcaption className="shell-caption">
        <span>{label}</span>
        <CopyButton text={text} label={`Copy ${label.toLowerCase()}`} />
      </figcaption>
      <pre className="shell-code">
        <code>{text}</code>
      </pre>
    </figure>
  );
}
