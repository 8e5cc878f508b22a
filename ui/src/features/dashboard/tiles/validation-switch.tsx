import { HStack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/toaster';
import { ActionDialog, SignedForm } from '../../../components/signature/signed-form';
import { errorMessage } from '../../../lib/api-client';
import { hasRole } from '../../../lib/roles';
import { STOP_HANDLING_ROLES } from '../../../components/stops/stop';
import { useOrderValidation } from '../api/get-order-validation';
import { useSetOrderValidation } from '../../../components/orders/api/set-order-validation';

/**
 * The order's SI/NO validation switch (SPEC.md sections 4, 6): supervisor and operator, signed; disabled while
 * loading or without an order. 'Op validada con éxito' / 'Op desvalidada con éxito'; a refusal is a 5 s toast with
 * the server's message (and stays in the signing form's error box).
 */
export function ValidationSwitch({ order, op, roleID }: { order: string | null; op: string; roleID: number }) {
  const { t } = useTranslation();
  const validation = useOrderValidation(order);
  const setValidation = useSetOrderValidation();
  const [asked, setAsked] = useState<boolean | null>(null);
  const validated = validation.data === true;
  const allowed = hasRole(roleID, STOP_HANDLING_ROLES);
  return (
    <>
      <HStack gap="2">
        <Text fontSize="sm">{t('dashboard.validated')}</Text>
        <Switch.Root
          checked={validated}
          disabled={!allowed || order === null || validation.isPending || setValidation.isPending}
          onCheckedChange={(details) => setAsked(details.checked)}
          colorPalette="teal"
          data-testid="validation-switch"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label data-testid="validation-label">{validated ? t('dashboard.validationYes') : t('dashboard.validationNo')}</Switch.Label>
        </Switch.Root>
      </HStack>
      {asked !== null && order !== null && (
        <ActionDialog title={t(asked ? 'dashboard.validateTitle' : 'dashboard.unvalidateTitle', { op })} onClose={() => setAsked(null)} testId="validation-dialog">
          <SignedForm
            testId="validation-form"
            submitLabel={t(asked ? 'dashboard.validate' : 'dashboard.unvalidate')}
            secondary={{ label: t('common.cancel'), onClick: () => setAsked(null) }}
            onSubmit={async (signature) => {
              try {
                await setValidation.mutateAsync({ order, validation: asked, ...signature });
              } catch (error) {
                notify.error(errorMessage(error, t('common.unknownError')));
                throw error;
              }
              notify.success(t(asked ? 'dashboard.validatedToast' : 'dashboard.unvalidatedToast'));
              setAsked(null);
            }}
          />
        </ActionDialog>
      )}
    </>
  );
}
