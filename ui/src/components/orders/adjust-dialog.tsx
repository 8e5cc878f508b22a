import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/indicator-format';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useAdjustOrder } from './api/adjust-order';
import { maxAdjustMinutes, parseMinutes } from './parse-minutes';

export interface AdjustDialogProps {
  order: string;
  op: string;
  /** The minutes the field starts with (the order's current adjustment). */
  currentMinutes: number | null;
  /** The order's stop time not discounted, in minutes: the most the server accepts, said before submitting. */
  stopMinutes?: number | null;
  onClose: () => void;
}

/**
 * Adjusts the discount time of an ended order (SPEC.md sections 4, 6, 8): the supervisor's, minutes plus a
 * signature; success says 'Op {0} ajustada'. A refusal (a wrong signature, more minutes than the order's stops not
 * discounted) is a 5 s toast with the server's text and stays in the form's error box; nothing changes.
 */
export function AdjustDialog({ order, op, currentMinutes, stopMinutes = null, onClose }: AdjustDialogProps) {
  const { t } = useTranslation();
  const adjust = useAdjustOrder();
  const [minutes, setMinutes] = useState(currentMinutes === null ? '' : String(Math.round(currentMinutes * 100) / 100));
  const max = stopMinutes === null ? null : maxAdjustMinutes(stopMinutes);
  return (
    <ActionDialog title={t('adjust.title', { op })} onClose={onClose} testId="adjust-dialog">
      <SignedForm
        testId="adjust-form"
        submitLabel={t('adjust.submit')}
        secondary={{ label: t('common.cancel'), onClick: onClose }}
        check={() => (parseMinutes(minutes) === null ? t('adjust.minutesInvalid') : null)}
        onSubmit={async (signature) => {
          try {
            await adjust.mutateAsync({ order, discountTime: parseMinutes(minutes)!, ...signature });
          } catch (error) {
            notify.error(errorMessage(error, t('common.unknownError')));
            throw error;
          }
          notify.success(t('adjust.done', { op }));
          onClose();
        }}
      >
        <Text color="fg.muted">{t('adjust.intro')}</Text>
        <Field.Root required>
          <Field.Label>{t('adjust.minutes')}</Field.Label>
          <Input name="discountTime" inputMode="decimal" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
          {max !== null && (
            <Field.HelperText data-testid="adjust-max">
              {t('adjust.maxMinutes', { max: formatNumber(max, { maxDecimals: 2, grouping: false }) })}
            </Field.HelperText>
          )}
        </Field.Root>
      </SignedForm>
    </ActionDialog>
  );
}
