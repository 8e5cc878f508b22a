import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessages, FormErrors } from '../../components/signature/signed-form';
import { useChangePassword } from './api/change-password';

/**
 * The user's own password: the current one, the new one twice (POST /api/users/changePassword, signed with the current
 * one; the session goes on). Served by the first sign-in with a temporary password and by the user menu alike.
 */
export function ChangePasswordForm({ onChanged, children }: { onChanged?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = [
      ...(current.trim() === '' || next === '' ? [t('login.passwordRequired')] : []),
      ...(next !== repeat ? [t('passwords.mismatch')] : []),
    ];
    setErrors(problems);
    if (problems.length) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      { onSuccess: () => onChanged?.(), onError: (error) => setErrors(failureMessages(error, t('common.unknownError'))) },
    );
  };

  return (
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
        {children}
      </Stack>
    </form>
  );
}
