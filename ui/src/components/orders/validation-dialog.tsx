import { useTranslation } from 'react-i18next';
import { ActionDialog, SignedForm, type Signature } from '../signature/signed-form';

/** The signing dialog of an order's validation switch (validation-switch.tsx), loaded when a switch is first used. */
export function ValidationDialog({
  title,
  submitLabel,
  testId,
  onClose,
  onSubmit,
}: {
  title: string;
  submitLabel: string;
  /** Prefix of the test ids: `${testId}-dialog`, `${testId}-form`. */
  testId: string;
  onClose: () => void;
  onSubmit: (signature: Signature) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog title={title} onClose={onClose} testId={`${testId}-dialog`}>
      <SignedForm
        testId={`${testId}-form`}
        submitLabel={submitLabel}
        secondary={{ label: t('common.cancel'), onClick: onClose }}
        onSubmit={onSubmit}
      />
    </ActionDialog>
  );
}
