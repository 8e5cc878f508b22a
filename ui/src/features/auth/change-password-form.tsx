import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessages, FormErrors } from '../../components/signature/signed-form';
import { useChangePassword } from './api/change-password';
import { TextField } from '../../components/text-field';

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
        <TextField
          label={t('passwords.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={current}
          onChange={setCurrent}
        />
        <TextField
          label={t('passwords.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          helper={t('passwords.rules')}
        />
        <TextField
          label={t('passwords.repeat')}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
        />
        <FormErrors errors={errors} testId="change-password-errors" />
        <Button type="submit" colorPalette="teal" loading={change.isPending}>
          {t('passwords.submit')}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
