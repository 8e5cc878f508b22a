import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlantTime } from '../../lib/plant-time';
import { useFirstAlert } from './api/get-first-alert';

/**
 * 'Alerta!' (SPEC.md sections 2, 4, 9): the line's maintenance call in progress, polled every 30 s, with the warning
 * once maintenance has lasted over 10 minutes. Closed, it stays closed for that call until the warning is new.
 */
export function MaintenanceAlert({ lineID }: { lineID: number }) {
  const { t } = useTranslation();
  const alert = useFirstAlert(lineID);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const call = alert.data;
  if (!call) return null;
  const key = `${call.callID}:${call.overLimit}`;
  if (dismissed === key) return null;
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && setDismissed(key)}>
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
              <Button onClick={() => setDismissed(key)} data-testid="maintenance-alert-close">
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
