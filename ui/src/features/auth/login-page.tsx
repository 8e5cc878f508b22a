import { Alert, Button, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SignInCard } from '../../components/sign-in-card';
import { FormErrors } from '../../components/form-errors';
import { errorMessage } from '../../lib/api-client';
import { useLogoutReason, useSessionUser } from '../../lib/session';
import { useAuthenticate } from './api/authenticate';
import { validateCredentials } from '../../lib/credentials';
import { preloadRoute } from '../../app/preload';
import { whenIdle } from '../../lib/idle';
import { TextField } from '../../components/text-field';

/** /login: username and password, the errors in a list, the ES/EN switch; once logged in, the page asked for or /. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionUser();
  const logoutReason = useLogoutReason();
  const authenticate = useAuthenticate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  // While the user types, the page the sign-in leads to is fetched, so it opens at once.
  useEffect(() => whenIdle(() => preloadRoute(from)), [from]);

  if (user && !authenticate.isPending) return <Navigate to={from} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { credentials, errors: missing } = validateCredentials(username, password);
    setErrors(missing.map((key) => t(key)));
    if (missing.length) return;
    authenticate.mutate(credentials, {
      onSuccess: () => navigate(from, { replace: true }),
      onError: (error) => setErrors([errorMessage(error, t('common.unknownError'))]),
    });
  };

  return (
    <SignInCard title={t('login.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {logoutReason === 'expired' && errors.length === 0 && (
            <Alert.Root status="warning" data-testid="session-expired">
              <Alert.Indicator />
              <Alert.Title>{t('login.sessionExpired')}</Alert.Title>
            </Alert.Root>
          )}
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={setUsername}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <FormErrors errors={errors} testId="login-errors" />
          <Button type="submit" colorPalette="teal" loading={authenticate.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </SignInCard>
  );
}
