import { screen } from '@testing-library/react';
import { adminUser, operatorUser, viewerUser } from '../test/fixtures';
import { renderWithProviders } from '../test/utils';
import { Layout } from './Layout';

describe('Layout navigation', () => {
  it('hides Users and Audit log from a VIEWER', () => {
    renderWithProviders(<Layout />, { user: viewerUser });
    expect(screen.getByRole('link', { name: 'Clusters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hosts' })).toHaveAttribute('href', '/hosts');
    expect(screen.queryByRole('link', { name: 'Provision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-role')).toHaveTextContent('VIEWER');
  });

  it('shows Audit log to an OPERATOR but not Users', () => {
    renderWithProviders(<Layout />, { user: operatorUser });
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Provision' })).toHaveAttribute(
      'href',
      '/provisioning/new',
    );
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows everything to an ADMIN', () => {
    renderWithProviders(<Layout />, { user: adminUser });
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });
});
