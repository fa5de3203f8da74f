import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { LoginPage } from './LoginPage';

describe('LoginPage', () => {
  it('shows a readable error on 401 and no raw JSON', async () => {
    mockFetch({
      'POST /api/v1/auth/login': {
        status: 401,
        body: {
          type: 'about:blank',
          title: 'Unauthorized',
          status: 401,
          code: 'bad-credentials',
          detail: 'Bad credentials.',
        },
      },
    });
    renderWithProviders(<LoginPage />, { user: null, route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Bad credentials.');
    expect(alert).not.toHaveTextContent('{');
  });

  it('signs in and goes to the requested page', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/auth/login': { body: { username: 'admin', role: 'ADMIN' } },
    });
    renderWithProviders(<LoginPage />, {
      user: null,
      route: '/login?next=%2Faudit',
      path: '/login',
    });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('other-route')).toBeInTheDocument();
    expect(requests[0]!.body).toEqual({ username: 'admin', password: 'correct-horse' });
  });
});
