import { render, screen } from '@testing-library/react';
import { ApiError } from '../api/problem';
import { ErrorMessage } from './ErrorMessage';

describe('ErrorMessage', () => {
  it('renders detail and each field error, not JSON', () => {
    const error = ApiError.from(400, {
      title: 'Invalid request',
      status: 400,
      code: 'validation-failed',
      detail: 'The request has invalid fields.',
      errors: [
        { field: 'password', message: 'must be at least 10 characters' },
        { field: 'role', message: 'must be one of VIEWER, OPERATOR, ADMIN' },
      ],
    });
    render(<ErrorMessage error={error} title="Could not create the user" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not create the user');
    expect(alert).toHaveTextContent('The request has invalid fields.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'password: must be at least 10 characters',
      'role: must be one of VIEWER, OPERATOR, ADMIN',
    ]);
    expect(alert).not.toHaveTextContent('{');
  });

  it('renders nothing without an error', () => {
    const { container } = render(<ErrorMessage error={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
