import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useAdjustOrder } from './api/adjust-order';
import { parseMinutes } from './parse-minutes';

/**
 * Adjusts the discount time of an ended order (SPEC.md sections 4, 6, 8): the supervisor's, minutes plus a
 * signature; success says 'Op {0} ajustada'.
 */
export function AdjustDialog({ order, op, currentMinutes, onClose }: { order: string; op: string; currentMinutes: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjustOrder();
  const [minutes, setMinutes] = useState(currentMinutes === null ? '' : String(Math.round(currentMinutes * 100) / 100));
  return (
    <ActionDialog title={t('adjust.title', { op })} onClose={onClose} testId="adjust-dialog">
      <SignedForm
        testId="adjust-form"
        submitLabel={t('adjust.submit')}
        secondary={{ label: t('common.cancel'), onClick: onClose }}
        check={() => (parseMinutes(minutes) === null ? t('adjust.minutesInvalid') : null)}
        onSubmit={async (signature) => {
          await adjust.mutateAsync({ order, discountTime: parseMinutes(minutes)!, ...signature });
          notify.success(t('adjust.done', { op }));
          onClose();
        }}
      >
        <Text color="fg.muted">{t('adjust.intro')}</Text>
        <Field.Root required>
          <Field.Label>{t('adjust.minutes')}</Field.Label>
          <Input name="discountTime" inputMode="decimal" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
        </Field.Root>
      </SignedForm>
    </ActionDialog>
  );
}
