import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Small line above the title (breadcrumb). */
  crumbs?: ReactNode;
}

export function PageHeader({ title, subtitle, actions, crumbs }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header-text">
        {crumbs && (
          <nav className="crumbs" aria-label="Breadcrumb">
            {crumbs}
          </nav>
        )}
        <h1>{title}</h1>
        {subtitle && <div className="page-subtitle">{subtitle}</div>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
