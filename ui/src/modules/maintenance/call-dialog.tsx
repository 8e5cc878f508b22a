import { Alert, Button, Dialog, Field, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/feedback/toaster';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { SectorLineOptions } from '../../components/line-picker/sector-line-options';
import { errorMessage } from '../../lib/api-client';
import { useCallMaintenance, useCallReasons, useLineEquipment } from './api';

export interface CallDialogProps {
  /** The line called from (the dashboard's current-stop tile); absent: the user picks it. */
  lineID?: number;
  onClose: () => void;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * 'Llamar a mantenimiento': line, call reason from the configured list, optional equipment of the line and message.
 * The server stamps the call; a refusal (a call already open on the line, …) is shown in the dialog with its reason.
 */
export default function CallDialog({ lineID, onClose }: CallDialogProps) {
  const { t } = useTranslation();
  const tree = useResourceTree(lineID === undefined);
  const reasons = useCallReasons();
  const [line, setLine] = useState<number | null>(lineID ?? null);
  const [reason, setReason] = useState<number | null>(null);
  const [equipment, setEquipment] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const equipmentOptions = useLineEquipment(line);
  const call = useCallMaintenance();
  const submit = () =>
    call.mutate(
      { lineID: line!, callReasonID: reason!, equipmentID: equipment, message: message.trim() || null },
      {
        onSuccess: () => {
          notify.success(t('maintenanceManager.called'));
          onClose();
        },
      },
    );
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="maintenance-call-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {lineID === undefined
                  ? t('maintenanceManager.callTitle')
                  : `${t('maintenanceManager.callTitle')} · ${t('maintenanceManager.line')} ${lineID}`}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {lineID === undefined && (
                  <Field.Root required>
                    <Field.Label>{t('maintenanceManager.line')}</Field.Label>
                    <NativeSelect.Root disabled={tree.isPending}>
                      <NativeSelect.Field
                        name="lineID"
                        value={line ?? ''}
                        onChange={(event) => {
                          setLine(numberOrNull(event.target.value));
                          setEquipment(null);
                        }}
                      >
                        <option value="">{t('common.select')}</option>
                        <SectorLineOptions sectors={tree.data} />
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                )}
                <Field.Root required>
                  <Field.Label>{t('maintenanceManager.reason')}</Field.Label>
                  <NativeSelect.Root disabled={reasons.isPending}>
                    <NativeSelect.Field
                      name="callReasonID"
                      value={reason ?? ''}
                      onChange={(event) => setReason(numberOrNull(event.target.value))}
                    >
                      <option value="">{t('common.select')}</option>
                      {(reasons.data ?? []).map((item) => (
                        <option key={item.callReasonID} value={item.callReasonID}>
                          {item.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {reasons.data?.length === 0 && <Field.HelperText>{t('maintenanceManager.noReasons')}</Field.HelperText>}
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('maintenanceManager.equipment')}</Field.Label>
                  <NativeSelect.Root disabled={line === null}>
                    <NativeSelect.Field
                      name="equipmentID"
                      value={equipment ?? ''}
                      onChange={(event) => setEquipment(numberOrNull(event.target.value))}
                    >
                      <option value="">{t('maintenanceManager.noEquipment')}</option>
                      {(equipmentOptions.data ?? []).map((item) => (
                        <option key={item.value} value={item.value}>
                          {item.text}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('maintenanceManager.message')}</Field.Label>
                  <Textarea name="message" maxLength={255} value={message} onChange={(event) => setMessage(event.target.value)} />
                </Field.Root>
                {call.isError && (
                  <Alert.Root status="error" data-testid="maintenance-call-error">
                    <Alert.Indicator />
                    <Stack gap="0">
                      <Alert.Title>{t('maintenanceManager.failed')}</Alert.Title>
                      <Text>{errorMessage(call.error, t('common.unknownError'))}</Text>
                    </Stack>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={call.isPending}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="orange"
                loading={call.isPending}
                disabled={line === null || reason === null}
                onClick={submit}
                data-testid="maintenance-call-submit"
              >
                {t('maintenanceManager.send')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
