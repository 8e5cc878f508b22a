import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateCredentials } from '../../../lib/credentials';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { useRecalculateAll } from '../api/recalculate';

/** Data recalculation: rebuilds every order and shift index, signed with username and password. */
export default function RecalculationTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  const recalculate = useRecalculateAll();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { credentials, errors } = validateCredentials(username, password);
    setMissing(errors.map((key) => t(key)));
    if (errors.length === 0) recalculate.mutate({ user: credentials.userid, password: credentials.password });
  };

  // SPEC.md section 8: a refused signature says 'Firma no válida'; any other failure says so, with the server's message.
  const failure =
    recalculate.error instanceof ApiError && recalculate.error.status === 401
      ? t('recalculation.invalidSignature')
      : t('recalculation.failed');
  const detail = errorMessage(recalculate.error, '');
  return (
    <form onSubmit={submit} noValidate data-testid="recalculation-form">
      <Stack gap="4" maxW="md">
        <Text>{t('recalculation.intro')}</Text>
        <Field.Root invalid={missing.length > 0 && !username.trim()}>
          <Field.Label>{t('recalculation.username')}</Field.Label>
          <Input name="user" autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} />
        </Field.Root>
        <Field.Root invalid={missing.length > 0 && !password.trim()}>
          <Field.Label>{t('recalculation.password')}</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        {missing.length > 0 && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{missing.join(' ')}</Alert.Title>
          </Alert.Root>
        )}
        {recalculate.isPending && (
          <Alert.Root status="info" data-testid="recalculation-wait">
            <Alert.Indicator />
            <Alert.Title>{t('recalculation.wait')}</Alert.Title>
          </Alert.Root>
        )}
        {recalculate.isSuccess && (
          <Alert.Root status="success" data-testid="recalculation-done">
            <Alert.Indicator />
            <Alert.Title>{t('recalculation.done', recalculate.data)}</Alert.Title>
          </Alert.Root>
        )}
        {recalculate.isError && (
          <Alert.Root status="error" data-testid="recalculation-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failure}</Alert.Title>
              {detail && detail !== failure && <Alert.Description>{detail}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}
        <Button type="submit" alignSelf="start" colorPalette="teal" disabled={!canWrite} loading={recalculate.isPending}>
          {t('recalculation.run')}
        </Button>
      </Stack>
    </form>
  );
}
