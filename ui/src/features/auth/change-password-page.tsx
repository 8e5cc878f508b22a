import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInCard } from '../../components/sign-in-card';
import { failureMessages, FormErrors } from '../../components/signature/signed-form';
import { useDocumentTitle } from '../../components/use-document-title';
import { useChangePassword } from './api/change-password';
import { useLogout } from './api/logout';

/**
 * The first thing after signing in with a password set for the user (setup's temporary one): the current password,
 * the new one twice. Until it is changed the server refuses every other call, so the app shows nothing else.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const logout = useLogout();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  useDocumentTitle(t('passwords.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = [
      ...(current.trim() === '' || next === '' ? [t('login.passwordRequired')] : []),
      ...(next !== repeat ? [t('passwords.mismatch')] : []),
    ];
    setErrors(problems);
    if (problems.length) return;
    change.mutate({ currentPassword: current, newPassword: next }, { onError: (error) => setErrors(failureMessages(error, t('common.unknownError'))) });
  };

  return (
    <SignInCard title={t('passwords.title')} intro={t('passwords.firstSignIn')} testId="change-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{t('passwords.current')}</Field.Label>
            <Input name="currentPassword" type="password" autoComplete="current-password" autoFocus value={current} onChange={(e) => setCurrent(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('passwords.new')}</Field.Label>
            <Input name="newPassword" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
            <Field.HelperText>{t('passwords.rules')}</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('passwords.repeat')}</Field.Label>
            <Input name="repeatPassword" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          </Field.Root>
          <FormErrors errors={errors} testId="change-password-errors" />
          <Button type="submit" colorPalette="teal" loading={change.isPending}>
            {t('passwords.submit')}
          </Button>
          <Button variant="ghost" onClick={() => logout.mutate()}>
            {t('nav.logout')}
          </Button>
        </Stack>
      </form>
    </SignInCard>
  );
}
