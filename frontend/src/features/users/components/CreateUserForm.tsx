import { useState, type FormEvent } from 'react';
import { fieldError } from '../../../api/problem';
import type { Role } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { ROLES } from '../../../lib/roles';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, SelectField, ShellCommand, TextField } from '../../../ui';
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN, useCreateUser } from '../api';

export function CreateUserForm() {
  const create = useCreateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('VIEWER');
  const [created, setCreated] = useState<string | null>(null);

  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return;
    create.mutate(
      { username: username.trim(), password, role },
      {
        onSuccess: (user) => {
          setCreated(user.username);
          setUsername('');
          setPassword('');
          setRole('VIEWER');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Create user">
      <div className="form-row">
        <TextField
          label="Username"
          name="new-username"
          autoComplete="off"
          required
          pattern={USERNAME_PATTERN}
          title="2–32 characters: lowercase letters, digits, _ . -; starts with a letter"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldError(create.error, 'username')}
        />
        <TextField
          label="Password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={
            tooShort
              ? `Must be at least ${MIN_PASSWORD_LENGTH} characters.`
              : fieldError(create.error, 'password')
          }
        />
        <SelectField
          label="Role"
          name="new-role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          error={fieldError(create.error, 'role')}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={tooShort}>
          Create user
        </Button>
      </div>
      <ErrorMessage error={create.error} title="Could not create the user" />
      {created && !create.error && (
        <p className="muted" role="status">
          User <strong>{created}</strong> created.
        </p>
      )}
      <ShellCommand
        label="API equivalent"
        command={curlCommand('POST', apiUrls.users(), {
          username: username || '<username>',
          password,
          role,
        })}
      />
    </form>
  );
}
