import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatPlantTime } from '../../lib/plant-time';
import type { MaintenanceCall } from './api/get-line-status';

/** The 'Alerta!' dialog of a line's maintenance call in progress (maintenance-alert.tsx decides when it shows). */
export function MaintenanceAlertDialog({ lineID, call, onClose }: { lineID: number; call: MaintenanceCall; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="maintenance-alert">
            <Dialog.Header>
              <Dialog.Title>{t('dashboard.alertTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>{t('dashboard.alertText', { n: lineID })}</Text>
                <Text color="fg.muted">{t('dashboard.alertSince', { time: formatPlantTime(call.callDate), minutes: call.minutes })}</Text>
                {call.callReason && <Text>{t('dashboard.alertReason', { reason: call.callReason })}</Text>}
                {call.message && <Text>{call.message}</Text>}
                {call.overLimit && (
                  <Alert.Root status="warning" data-testid="maintenance-over-limit">
                    <Alert.Indicator />
                    <Alert.Title>{t('dashboard.alertOverLimit')}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose} data-testid="maintenance-alert-close">
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
