import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/problem';
import { paths, safeNext } from '../../../lib/paths';
import { Button, ErrorMessage, TextField } from '../../../ui';
import { useCurrentUser, useLogin } from '../api';

export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next')) ?? paths.home();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  if (user && !login.isPending) return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: username.trim(), password },
      { onSuccess: () => navigate(next, { replace: true }) },
    );
  };

  // A 401 here means bad credentials (or a disabled account), not an expired session.
  const error =
    login.error instanceof ApiError && login.error.status === 401
      ? new ApiError({
          ...login.error.problem,
          title: 'Sign-in failed',
          detail: login.error.problem.detail ?? 'Wrong username or password.',
        })
      : login.error;

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="brand">
          <img src="/favicon.svg" alt="" />
          Granary
        </div>
        <div className="muted">HBase-on-HDFS console</div>
        <form onSubmit={onSubmit} aria-label="Sign in">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <ErrorMessage error={error} />
          <Button type="submit" variant="primary" busy={login.isPending}>
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}
