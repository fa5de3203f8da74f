import { useId, type ReactNode } from 'react';

export interface PanelProps {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A titled section of a page. */
export function Panel({ title, actions, children, className, 'data-testid': testId }: PanelProps) {
  const id = useId();
  return (
    <section
      className={`panel${className ? ` ${className}` : ''}`}
      aria-labelledby={id}
      data-testid={testId}
    >
      <header className="panel-header">
        <h2 id={id}>{title}</h2>
        {actions && <div className="panel-actions">{actions}</div>}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}
