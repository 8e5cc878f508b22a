import { Button, Checkbox, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/feedback/toaster';
import { ActionDialog, failureMessages, FormErrors } from '../../components/signature/signed-form';
import { reasonPathText } from '../../components/stops/reason-choices';
import { ReasonPicker } from '../../components/stops/reason-picker';
import type { Stop } from '../../components/stops/stop';
import { plantLocal } from '../../lib/plant-time';
import { useAllStopReasons } from '../../lib/stop-reasons';
import type { StopsManagerLine } from './api/get-stops-manager-lines';
import { useWriteStop } from './api/write-stops';
import { EquipmentOptions } from './equipment-options';
import { DateTimeInput } from '../../components/date-input/date-input';

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input as the server reads plant time ('…:ss'); '' stays ''. */
const withSeconds = (local: string) => (local.length === 16 ? `${local}:00` : local);

/**
 * Enters a stop by hand, or edits one (manual stops manager): start, end or 'en curso', reason from the tree as in
 * recognition (new stops only: changing the reason of a stop is the signed 'Modificar'), observation, equipment of
 * the line. What the server refuses (an overlap names the stop it collides with) shows in the form.
 */
export function ManualStopDialog({ line, stop, onClose }: { line: StopsManagerLine; stop: Stop | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useAllStopReasons();
  const write = useWriteStop();
  const [start, setStart] = useState(stop ? plantLocal(stop.startDate) : '');
  const [end, setEnd] = useState(stop?.endDate ? plantLocal(stop.endDate) : '');
  const [inProgress, setInProgress] = useState(stop !== null && stop.endDate === null);
  const [reasonID, setReasonID] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [observation, setObservation] = useState(stop?.observation ?? '');
  const [equipment, setEquipment] = useState(stop?.equipmentName ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // A stop that has an end keeps one: only a stop in progress may stay in progress.
  const canBeOpen = stop === null || stop.endDate === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = [start === '' && t('stopsManager.startRequired'), !inProgress && end === '' && t('stopsManager.endRequired')].filter(
      (text): text is string => Boolean(text),
    );
    setErrors(missing);
    if (missing.length > 0) return;
    const times = { startDate: withSeconds(start), endDate: inProgress ? null : withSeconds(end) };
    const notes = {
      observation: observation.trim() === '' ? null : observation.trim(),
      equipmentName: equipment === '' ? null : equipment,
    };
    setBusy(true);
    try {
      if (stop) await write.mutateAsync({ kind: 'update', stopID: stop.stopID, values: { ...times, ...notes } });
      else await write.mutateAsync({ kind: 'insert', values: { lineID: line.lineID, ...times, reasonID, ...notes } });
      notify.success(t(stop ? 'stopsManager.updated' : 'stopsManager.created'));
      onClose();
    } catch (error) {
      setErrors(failureMessages(error, t('common.unknownError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={t(stop ? 'stopsManager.editTitle' : 'stopsManager.newTitle', { line: line.lineID })}
      onClose={onClose}
      testId="manual-stop-dialog"
    >
      {picking ? (
        <Stack gap="3">
          <ReasonPicker
            lineIDs={[line.lineID]}
            onChoose={(chosen) => {
              setReasonID(chosen);
              setPicking(false);
            }}
          />
          <Button variant="ghost" alignSelf="start" onClick={() => setPicking(false)}>
            {t('common.cancel')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="manual-stop-form">
          <Stack gap="3">
            <Field.Root required>
              <Field.Label>{t('fields.startDate')}</Field.Label>
              <DateTimeInput name="startDate" value={start} onChange={setStart} />
            </Field.Root>
            <Field.Root required={!inProgress}>
              <Field.Label>{t('fields.endDate')}</Field.Label>
              <DateTimeInput name="endDate" value={end} disabled={inProgress} onChange={setEnd} />
            </Field.Root>
            {canBeOpen && (
              <Checkbox.Root
                checked={inProgress}
                onCheckedChange={(details) => setInProgress(details.checked === true)}
                data-testid="manual-stop-in-progress"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('stopsManager.inProgress')}</Checkbox.Label>
              </Checkbox.Root>
            )}
            {stop === null && (
              <HStack justify="space-between" gap="2">
                <Text data-testid="manual-stop-reason">
                  {t('stopActions.reason')}:{' '}
                  <strong>{reasonID !== null && reasons.data ? reasonPathText(reasons.data, reasonID) : t('stopsManager.noReason')}</strong>
                </Text>
                <Button size="sm" variant="outline" onClick={() => setPicking(true)} data-testid="manual-stop-pick-reason">
                  {t('stopsManager.pickReason')}
                </Button>
              </HStack>
            )}
            <Field.Root>
              <Field.Label>{t('stopsManager.equipment')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="equipmentName" value={equipment} onChange={(event) => setEquipment(event.target.value)}>
                  <EquipmentOptions line={line} current={equipment} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('fields.observation')}</Field.Label>
              <Textarea
                name="observation"
                maxLength={255}
                rows={2}
                value={observation}
                onChange={(event) => setObservation(event.target.value)}
              />
            </Field.Root>
            <FormErrors errors={errors} testId="manual-stop-errors" />
            <HStack justify="space-between" pt="2">
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" colorPalette="teal" loading={busy} data-testid="manual-stop-save">
                {t('common.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </ActionDialog>
  );
}
