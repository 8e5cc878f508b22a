import { Alert, Button, Checkbox, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDownloadExport, type PortalExport } from './api/download-export';
import { plantsQuery } from './api/get-plants';
import { DateInput } from '../../components/date-input/date-input';
import { addPlantDays, todayInZone } from '../../lib/plant-time';

/** 'Descargar Excel': the table's own rows as xlsx (the call's …/export with the same parameters). */
export function ExportButton({ request, testId }: { request: PortalExport; testId: string }) {
  const { t } = useTranslation();
  const download = useDownloadExport();
  return (
    <Button size="sm" variant="outline" loading={download.isPending} onClick={() => download.mutate(request)} data-testid={testId}>
      {t('portal.exportExcel')}
    </Button>
  );
}

export function DateField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <DateInput size="sm" value={value} onChange={onChange} testId={testId} />
    </Field.Root>
  );
}

export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" w="40">
        <NativeSelect.Field
          value={String(value)}
          onChange={(e) => onChange(options.find((option) => String(option.value) === e.target.value)!.value)}
          data-testid={testId}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The plants a page is narrowed to, one box per synced plant; none ticked: every plant. */
export function PlantsField({
  value,
  onChange,
  testId,
}: {
  value: readonly string[];
  onChange: (plants: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // The overview's own call (shared with the plants page), only for the plants' names: no minute refresh of its own.
  const plants = useQuery({ ...plantsQuery(null), refetchInterval: false, staleTime: 5 * 60_000 });
  const toggle = (plantId: string, checked: boolean) => onChange(checked ? [...value, plantId] : value.filter((id) => id !== plantId));
  return (
    <Field.Root w="auto">
      <Field.Label>{t('portal.plantsFilter')}</Field.Label>
      <HStack gap="3" minH="8" data-testid={testId}>
        {(plants.data ?? []).map(({ plantId }) => (
          <Checkbox.Root
            key={plantId}
            size="sm"
            checked={value.includes(plantId)}
            onCheckedChange={(details) => toggle(plantId, details.checked === true)}
            data-testid={`${testId}-${plantId}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{plantId}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Field.Root>
  );
}

/**
 * The default range: the last 30 days up to today, on the browser's calendar (not UTC's, which is already tomorrow
 * in the evening of a plant west of Greenwich); each plant reads them as its own days.
 */
export function defaultRange(now = Date.now()): { from: string; to: string } {
  const to = todayInZone(undefined, now);
  return { from: addPlantDays(to, -30), to };
}

/** A range is asked for once both days are given and the first is not after the second. */
export const isValidRange = (range: { from: string; to: string }) => range.from !== '' && range.to !== '' && range.from <= range.to;

/** What the page says when its range is not valid, or its call failed. */
export function QueryProblems({ validRange, failed }: { validRange: boolean; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {!validRange && <Text color="fg.error">{t('portal.compare.invalidRange')}</Text>}
      {failed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('portal.loadFailed')}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}
