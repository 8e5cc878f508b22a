import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ValidationSwitch } from '../../../components/orders/validation-switch';
import { STOP_HANDLING_ROLES } from '../../../components/stops/stop';
import { hasRole } from '../../../lib/roles';
import { useOrderValidation } from '../api/get-order-validation';

/**
 * The Ready order's validation switch (SPEC.md sections 4, 6): supervisor and operator, signed; disabled while
 * loading or without an order; 'Op validada con éxito' / 'Op desvalidada con éxito'.
 */
export function OrderValidation({ order, op, roleID }: { order: string | null; op: string; roleID: number }) {
  const { t } = useTranslation();
  const validation = useOrderValidation(order);
  return (
    <HStack gap="2">
      <Text fontSize="sm">{t('dashboard.validated')}</Text>
      <ValidationSwitch
        order={order}
        op={op}
        validated={validation.data === true}
        enabled={hasRole(roleID, STOP_HANDLING_ROLES) && !validation.isPending}
        wording="op"
      />
    </HStack>
  );
}
