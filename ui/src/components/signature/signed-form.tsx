import { Button, Dialog, Field, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api-client';
import { validateCredentials } from '../../lib/credentials';
import { FormErrors } from '../form-errors';

export { FormErrors };

/** The signature of a signed action (recognize, split, adjust, validate) as the server takes it. */
export interface Signature {
  username: string;
  password: string;
  /** The recognition's observation (trimmed; null when empty). */
  observation?: string | null;
}

/** What the form's error box lists for a failure: the server's message and its per-field messages. */
export function failureMessages(error: unknown, fallback: string): string[] {
  const messages = [errorMessage(error, fallback)];
  if (error instanceof ApiError) for (const message of Object.values(error.fields)) if (!messages.includes(message)) messages.push(message);
  return messages.filter((message) => message !== '');
}

export interface SignedFormProps {
  /** What the action needs besides the signature (the reason chosen, the split times, the minutes). */
  children?: ReactNode;
  /** Shows the observation field (recognition), with this initial text. */
  observation?: string | null;
  submitLabel: string;
  /** Checks the form's own fields before anything is sent; a message blocks the submit. */
  check?: () => string | null;
  /** Performs the action; a rejection's messages go to the error box and the dialog stays open. */
  onSubmit: (signature: Signature) => Promise<unknown>;
  /** The left-hand button: Cancel, or Back (recognition). */
  secondary: { label: string; onClick: () => void };
  testId?: string;
}

/**
 * The signing part of a signed action (SPEC.md sections 4, 5, 8): username and password (required, trimmed), an
 * optional observation, and one error box for what is missing, what the form refused and what the server answered.
 */
export function SignedForm({ children, observation, submitLabel, check, onSubmit, secondary, testId = 'signed-form' }: SignedFormProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState(observation ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const withObservation = observation !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const own = check?.() ?? null;
    const { credentials, errors: missing } = validateCredentials(username, password);
    const found = [...(own ? [own] : []), ...missing.map((key) => t(key))];
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const trimmed = note.trim();
      await onSubmit({
        username: credentials.userid,
        password: credentials.password,
        ...(withObservation ? { observation: trimmed === '' ? null : trimmed } : {}),
      });
    } catch (error) {
      setErrors(failureMessages(error, t('common.unknownError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      <Stack gap="3">
        {children}
        <Field.Root required>
          <Field.Label>{t('signature.username')}</Field.Label>
          <Input name="signUser" autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('signature.password')}</Field.Label>
          <Input
            name="signPassword"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        {withObservation && (
          <Field.Root>
            <Field.Label>{t('signature.observation')}</Field.Label>
            <Textarea name="observation" maxLength={255} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field.Root>
        )}
        <FormErrors errors={errors} testId={`${testId}-errors`} />
        <Stack direction="row" justify="space-between" pt="2">
          <Button variant="outline" onClick={secondary.onClick} disabled={busy}>
            {secondary.label}
          </Button>
          <Button type="submit" colorPalette="teal" loading={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** A modal dialog around a signed action's content; closing it (Escape, the close button) cancels. */
export function ActionDialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} closeOnInteractOutside={false} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="sm" position="absolute" top="2" insetEnd="2" aria-label={t('common.close')}>
                ✕
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
