import { chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useSetOrderValidation } from './api/set-order-validation';

export interface ValidationSwitchProps {
  /** The order it validates; null: no order (the switch is disabled). */
  order: string | null;
  op: string;
  validated: boolean;
  /** Whether this user may switch it now (SPEC.md section 6: supervisor and operator; not while loading). */
  enabled: boolean;
  /** The success toasts' wording: 'op' on the dashboard ('Op validada con éxito'), 'order' on the grids ('Orden validada con éxito'). */
  wording: 'op' | 'order';
  /** Prefix of the test ids: `${testId}-switch`, `-label`, `-dialog`, `-form`. */
  testId?: string;
}

const TOASTS = {
  op: { validated: 'orderValidation.opValidated', unvalidated: 'orderValidation.opUnvalidated' },
  order: { validated: 'orderValidation.orderValidated', unvalidated: 'orderValidation.orderUnvalidated' },
} as const;

/**
 * An order's SI/NO validation switch (SPEC.md sections 4, 6, 8): switching it asks for a signature; the change is
 * made only once the server accepts it. A refusal is a 5 s toast with the server's message (and stays in the signing
 * form's error box).
 */
export function ValidationSwitch({ order, op, validated, enabled, wording, testId = 'validation' }: ValidationSwitchProps) {
  const { t } = useTranslation();
  const setValidation = useSetOrderValidation();
  const [asked, setAsked] = useState<boolean | null>(null);
  const close = () => setAsked(null);
  const disabled = !enabled || order === null || setValidation.isPending;
  return (
    <>
      {/* A switch drawn from plain elements, without a state machine of its own: it shows the stored state, and a
          grid draws one per row. Switching asks for the signature; the state changes once the server accepts it. */}
      <chakra.button
        type="button"
        role="switch"
        aria-checked={validated}
        aria-label={t('orderValidation.label', { op })}
        disabled={disabled}
        onClick={() => setAsked(!validated)}
        display="inline-flex"
        alignItems="center"
        gap="2"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        borderRadius="full"
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.500', outlineOffset: '2px' }}
        data-testid={`${testId}-switch`}
      >
        <chakra.span
          position="relative"
          display="inline-block"
          w="8"
          h="4.5"
          borderRadius="full"
          bg={validated ? 'teal.500' : 'gray.300'}
          transition="background 0.15s"
        >
          <chakra.span
            position="absolute"
            top="0.5"
            insetStart={validated ? '4' : '0.5'}
            w="3.5"
            h="3.5"
            borderRadius="full"
            bg="white"
            boxShadow="xs"
            transition="inset-inline-start 0.15s"
          />
        </chakra.span>
        <chakra.span fontSize="sm" data-testid={`${testId}-label`}>
          {validated ? t('orderValidation.yes') : t('orderValidation.no')}
        </chakra.span>
      </chakra.button>
      {asked !== null && order !== null && (
        <ActionDialog
          title={t(asked ? 'orderValidation.validateTitle' : 'orderValidation.unvalidateTitle', { op })}
          onClose={close}
          testId={`${testId}-dialog`}
        >
          <SignedForm
            testId={`${testId}-form`}
            submitLabel={t(asked ? 'orderValidation.validate' : 'orderValidation.unvalidate')}
            secondary={{ label: t('common.cancel'), onClick: close }}
            onSubmit={async (signature) => {
              try {
                await setValidation.mutateAsync({ order, validation: asked, ...signature });
              } catch (error) {
                notify.error(errorMessage(error, t('common.unknownError')));
                throw error;
              }
              notify.success(t(asked ? TOASTS[wording].validated : TOASTS[wording].unvalidated));
              close();
            }}
          />
        </ActionDialog>
      )}
    </>
  );
}
