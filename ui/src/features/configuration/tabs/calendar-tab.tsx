import { Box, Button, Checkbox, Field, Flex, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../../components/compact-table';
import { DateInput } from '../../../components/date-input/date-input';
import { notify } from '../../../components/feedback/toaster';
import { useResourceTree } from '../../../components/line-picker/resource-tree';
import { LineSelect } from '../../../components/line-picker/line-select';
import { OptionSelect } from '../../../components/option-select';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { addPlantDays, todayInZone } from '../../../lib/plant-time';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { useCalendarPreview, useCalendars, useSaveCalendar, type Calendars, type WorkCalendar } from '../api/calendars';
import {
  EXCEPTION_KINDS,
  fromForm,
  nextVersion,
  spanMinutes,
  toForm,
  wallTime,
  WEEKDAYS,
  type CalendarForm,
  type FormException,
  type FormVersion,
} from './calendar-form';

/** A small labelled field with the server's message for it (its path in the calendar) below. */
function Cell({
  label,
  name,
  error,
  width,
  children,
}: {
  label: string;
  name?: string;
  error?: string;
  width?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root w={width ?? 'auto'} invalid={error !== undefined}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      {children}
      {error !== undefined && <Field.ErrorText data-testid={`calendar-error-${name ?? ''}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function TextCell({
  label,
  name,
  value,
  onChange,
  error,
  width,
  placeholder,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  width: string;
  placeholder?: string;
  disabled: boolean;
}) {
  return (
    <Cell label={label} name={name} error={error} width={width}>
      <Input
        size="sm"
        name={name}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`calendar-${name}`}
      />
    </Cell>
  );
}

const RowError = ({ path, error }: { path: string; error?: string }) =>
  error === undefined ? null : (
    <Text fontSize="xs" color="fg.error" data-testid={`calendar-error-${path}`}>
      {error}
    </Text>
  );

/** One version of the pattern: from when it applies, its shifts, breaks and weekdays worked. */
function VersionEditor({
  version,
  index,
  onChange,
  onRemove,
  errors,
  disabled,
}: {
  version: FormVersion;
  index: number;
  onChange: (version: FormVersion) => void;
  onRemove?: () => void;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const path = `versions.${index}`;
  const err = (rest: string) => errors[`${path}.${rest}`];
  const set = (change: Partial<FormVersion>) => onChange({ ...version, ...change });
  const shiftCodes = version.shifts.map((shift) => shift.code).filter((code) => code.trim() !== '');
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid={`calendar-version-${index}`}>
      <Flex gap="3" wrap="wrap" align="end">
        <Cell label={t('calendarTab.effectiveFrom')} name={`${path}.effectiveFrom`} error={err('effectiveFrom')}>
          <DateInput
            size="sm"
            value={version.effectiveFrom}
            onChange={(effectiveFrom) => set({ effectiveFrom })}
            disabled={disabled}
            testId={`calendar-${path}.effectiveFrom`}
          />
        </Cell>
        {onRemove && !disabled && (
          <Button size="sm" variant="outline" onClick={onRemove} data-testid={`calendar-${path}-remove`}>
            {t('calendarTab.removeVersion')}
          </Button>
        )}
      </Flex>

      <Heading size="sm">{t('calendarTab.shifts')}</Heading>
      <RowError path={`${path}.pattern.shifts`} error={err('pattern.shifts')} />
      {version.shifts.map((shift, s) => {
        const name = (field: string) => `${path}.pattern.shifts.${s}.${field}`;
        const setShift = (field: keyof typeof shift) => (value: string) =>
          set({ shifts: version.shifts.map((other, o) => (o === s ? { ...other, [field]: value } : other)) });
        return (
          <Stack key={s} gap="1">
            <Flex gap="2" wrap="wrap" align="start">
              <TextCell
                label={t('calendarTab.code')}
                name={name('code')}
                value={shift.code}
                onChange={setShift('code')}
                error={errors[name('code')]}
                width="5rem"
                disabled={disabled}
              />
              <TextCell
                label={t('calendarTab.nameEs')}
                name={name('nameEs')}
                value={shift.nameEs}
                onChange={setShift('nameEs')}
                error={errors[name('nameEs')]}
                width="10rem"
                disabled={disabled}
              />
              <TextCell
                label={t('calendarTab.nameEn')}
                name={name('nameEn')}
                value={shift.nameEn}
                onChange={setShift('nameEn')}
                error={errors[name('nameEn')]}
                width="10rem"
                disabled={disabled}
              />
              <TextCell
                label={t('calendarTab.start')}
                name={name('start')}
                value={shift.start}
                onChange={setShift('start')}
                error={errors[name('start')]}
                width="6rem"
                placeholder="hh:mm"
                disabled={disabled}
              />
              <TextCell
                label={t('calendarTab.end')}
                name={name('end')}
                value={shift.end}
                onChange={setShift('end')}
                error={errors[name('end')]}
                width="6rem"
                placeholder={t('calendarTab.endNone')}
                disabled={disabled}
              />
              {!disabled && version.shifts.length > 1 && (
                <Button
                  size="sm"
                  variant="ghost"
                  alignSelf="end"
                  onClick={() => set({ shifts: version.shifts.filter((_, o) => o !== s) })}
                  data-testid={`calendar-${path}-shift-${s}-remove`}
                >
                  {t('calendarTab.remove')}
                </Button>
              )}
            </Flex>
            <RowError path={`${path}.pattern.shifts.${s}`} error={errors[`${path}.pattern.shifts.${s}`]} />
          </Stack>
        );
      })}
      {!disabled && (
        <Box>
          <Button
            size="xs"
            variant="outline"
            onClick={() => set({ shifts: [...version.shifts, { code: '', nameEs: '', nameEn: '', start: '', end: '' }] })}
            data-testid={`calendar-${path}-add-shift`}
          >
            {t('calendarTab.addShift')}
          </Button>
        </Box>
      )}

      <Heading size="sm">{t('calendarTab.breaks')}</Heading>
      {version.breaks.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('calendarTab.noBreaks')}
        </Text>
      )}
      {version.breaks.map((pause, b) => {
        const name = (field: string) => `${path}.pattern.breaks.${b}.${field}`;
        const setBreak = (field: keyof typeof pause) => (value: string) =>
          set({ breaks: version.breaks.map((other, o) => (o === b ? { ...other, [field]: value } : other)) });
        return (
          <Stack key={b} gap="1">
            <Flex gap="2" wrap="wrap" align="start">
              <Cell label={t('calendarTab.shift')} name={name('shiftCode')} error={errors[name('shiftCode')]} width="8rem">
                <OptionSelect
                  name={name('shiftCode')}
                  size="sm"
                  value={pause.shiftCode}
                  options={shiftCodes.map((code) => ({ value: code, text: code }))}
                  emptyOption={shiftCodes.includes(pause.shiftCode) ? undefined : ''}
                  onChange={setBreak('shiftCode')}
                  disabled={disabled}
                />
              </Cell>
              <TextCell
                label={t('calendarTab.start')}
                name={name('start')}
                value={pause.start}
                onChange={setBreak('start')}
                error={errors[name('start')]}
                width="6rem"
                placeholder="hh:mm"
                disabled={disabled}
              />
              <TextCell
                label={t('calendarTab.minutes')}
                name={name('minutes')}
                value={pause.minutes}
                onChange={setBreak('minutes')}
                error={errors[name('minutes')]}
                width="6rem"
                disabled={disabled}
              />
              {!disabled && (
                <Button size="sm" variant="ghost" alignSelf="end" onClick={() => set({ breaks: version.breaks.filter((_, o) => o !== b) })}>
                  {t('calendarTab.remove')}
                </Button>
              )}
            </Flex>
            <RowError path={`${path}.pattern.breaks.${b}`} error={errors[`${path}.pattern.breaks.${b}`]} />
          </Stack>
        );
      })}
      {!disabled && (
        <Box>
          <Button
            size="xs"
            variant="outline"
            onClick={() => set({ breaks: [...version.breaks, { shiftCode: shiftCodes[0] ?? '', start: '', minutes: '' }] })}
            data-testid={`calendar-${path}-add-break`}
          >
            {t('calendarTab.addBreak')}
          </Button>
        </Box>
      )}

      <Heading size="sm">{t('calendarTab.weekdays')}</Heading>
      <HStack gap="3" wrap="wrap">
        {WEEKDAYS.map((day) => (
          <Checkbox.Root
            key={day}
            size="sm"
            disabled={disabled}
            checked={version.weekdays.includes(day)}
            onCheckedChange={(details) =>
              set({ weekdays: details.checked === true ? [...version.weekdays, day] : version.weekdays.filter((other) => other !== day) })
            }
            data-testid={`calendar-${path}-weekday-${day}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`calendarTab.weekday.d${day}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      <RowError path={`${path}.pattern.weekdays`} error={err('pattern.weekdays') ?? err('pattern.weekdays.0')} />
    </Stack>
  );
}

/** The exceptions by date: a holiday, a shorter day (until a time), an extra shift (one of the pattern's). */
function ExceptionsEditor({
  exceptions,
  onChange,
  errors,
  disabled,
}: {
  exceptions: FormException[];
  onChange: (exceptions: FormException[]) => void;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Heading size="sm">{t('calendarTab.exceptions')}</Heading>
      {exceptions.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('calendarTab.noExceptions')}
        </Text>
      )}
      {exceptions.map((exception, e) => {
        const name = (field: string) => `exceptions.${e}.${field}`;
        const set = (change: Partial<FormException>) => onChange(exceptions.map((other, o) => (o === e ? { ...other, ...change } : other)));
        return (
          <Stack key={e} gap="1" data-testid={`calendar-exception-${e}`}>
            <Flex gap="2" wrap="wrap" align="start">
              <Cell label={t('calendarTab.date')} name={name('date')} error={errors[name('date')]}>
                <DateInput
                  size="sm"
                  value={exception.date}
                  onChange={(date) => set({ date })}
                  disabled={disabled}
                  testId={`calendar-${name('date')}`}
                />
              </Cell>
              <Cell label={t('calendarTab.kind')} width="12rem">
                <OptionSelect
                  name={name('kind')}
                  size="sm"
                  value={exception.kind}
                  options={EXCEPTION_KINDS.map((kind) => ({ value: kind, text: t(`calendarTab.kinds.${kind}`) }))}
                  onChange={(kind) => set({ kind: kind as FormException['kind'] })}
                  disabled={disabled}
                />
              </Cell>
              {exception.kind === 'shortDay' && (
                <TextCell
                  label={t('calendarTab.until')}
                  name={name('until')}
                  value={exception.until}
                  onChange={(until) => set({ until })}
                  error={errors[name('until')]}
                  width="6rem"
                  placeholder="hh:mm"
                  disabled={disabled}
                />
              )}
              {exception.kind === 'extraShift' && (
                <TextCell
                  label={t('calendarTab.shift')}
                  name={name('shiftCode')}
                  value={exception.shiftCode}
                  onChange={(shiftCode) => set({ shiftCode })}
                  error={errors[name('shiftCode')]}
                  width="6rem"
                  disabled={disabled}
                />
              )}
              {!disabled && (
                <Button size="sm" variant="ghost" alignSelf="end" onClick={() => onChange(exceptions.filter((_, o) => o !== e))}>
                  {t('calendarTab.remove')}
                </Button>
              )}
            </Flex>
            <RowError path={`exceptions.${e}`} error={errors[`exceptions.${e}`]} />
          </Stack>
        );
      })}
      {!disabled && (
        <Box>
          <Button
            size="xs"
            variant="outline"
            onClick={() => onChange([...exceptions, { date: '', kind: 'holiday', until: '', shiftCode: '' }])}
            data-testid="calendar-add-exception"
          >
            {t('calendarTab.addException')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** The days of the calendar in force, a week from a chosen day, as GET /api/calendars/days answers them. */
function CalendarPreview({ lineID }: { lineID: number | null }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState(() => todayInZone());
  const days = useCalendarPreview(from === '' ? null : { lineID, from, to: addPlantDays(from, 6) });
  const shiftName = (shift: { nameEs: string; nameEn: string }) => (i18n.language.startsWith('en') ? shift.nameEn : shift.nameEs);
  return (
    <Stack gap="2" data-testid="calendar-preview">
      <Heading size="sm">{t('calendarTab.preview')}</Heading>
      <Cell label={t('calendarTab.weekFrom')}>
        <DateInput size="sm" value={from} onChange={setFrom} testId="calendar-preview-from" />
      </Cell>
      {days.isError && <Text color="fg.error">{errorMessage(days.error, t('common.unknownError'))}</Text>}
      {days.data && (
        <CompactTable
          testId="calendar-preview-days"
          columns={[
            { label: t('calendarTab.date') },
            { label: t('calendarTab.shifts') },
            { label: t('calendarTab.scheduledMinutes'), end: true },
            { label: t('calendarTab.breaks') },
          ]}
        >
          {days.data.map((day) => {
            // A shift with no scheduled time that day (a holiday, a day not worked) is not shown.
            const worked = day.shifts.filter((shift) => shift.scheduled.length > 0);
            return (
              <tr key={day.plantDate} data-testid={`calendar-preview-${day.plantDate}`}>
                <td>{day.plantDate}</td>
                <td>
                  {worked.length === 0
                    ? t('calendarTab.notWorked')
                    : worked
                        .map((shift) => `${shift.code} ${shiftName(shift)} ${wallTime(shift.start)}–${wallTime(shift.end)}`)
                        .join(' · ')}
                </td>
                <td className="end">{spanMinutes(worked.flatMap((shift) => shift.scheduled))}</td>
                <td>
                  {worked
                    .flatMap((shift) => shift.breaks.map((pause) => `${shift.code} ${wallTime(pause.start)}–${wallTime(pause.end)}`))
                    .join(' · ')}
                </td>
              </tr>
            );
          })}
        </CompactTable>
      )}
    </Stack>
  );
}

/** The editor of one calendar: the plant's, or a line's (its own, or the plant's it follows). */
function CalendarEditor({ calendars, lineID, canWrite }: { calendars: Calendars; lineID: number | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCalendar();
  const own = lineID === null ? calendars.plant : calendars.lines.find((line) => line.lineID === lineID);
  const [usesPlant, setUsesPlant] = useState(lineID !== null && own === undefined);
  const [form, setForm] = useState<CalendarForm>(() => toForm((own ?? calendars.plant) as WorkCalendar));
  const errors = save.error instanceof ApiError ? save.error.fields : {};
  const disabled = !canWrite || save.isPending;
  const editing = !(lineID !== null && usesPlant);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { lineID, calendar: lineID !== null && usesPlant ? null : fromForm(form) },
      {
        onSuccess: () => notify.success(t('calendarTab.saved')),
        onError: (error) => notify.error(t('calendarTab.saveFailed'), errorMessage(error, '')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="calendar-form">
      <Stack gap="4">
        {lineID !== null && (
          <Checkbox.Root
            size="sm"
            disabled={disabled}
            checked={usesPlant}
            onCheckedChange={(details) => setUsesPlant(details.checked === true)}
            data-testid="calendar-uses-plant"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('calendarTab.usesPlant')}</Checkbox.Label>
          </Checkbox.Root>
        )}
        {editing && (
          <>
            <RowError path="versions" error={errors.versions} />
            {form.versions.map((version, index) => (
              <VersionEditor
                key={index}
                version={version}
                index={index}
                errors={errors}
                disabled={disabled}
                onChange={(changed) =>
                  setForm((current) => ({ ...current, versions: current.versions.map((other, o) => (o === index ? changed : other)) }))
                }
                onRemove={
                  form.versions.length > 1
                    ? () => setForm((current) => ({ ...current, versions: current.versions.filter((_, o) => o !== index) }))
                    : undefined
                }
              />
            ))}
            {!disabled && (
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setForm((current) => ({ ...current, versions: [...current.versions, nextVersion(current, '')] }))}
                  data-testid="calendar-add-version"
                >
                  {t('calendarTab.addVersion')}
                </Button>
              </Box>
            )}
            <ExceptionsEditor
              exceptions={form.exceptions}
              onChange={(exceptions) => setForm((current) => ({ ...current, exceptions }))}
              errors={errors}
              disabled={disabled}
            />
          </>
        )}
        {save.error && (
          <Text color="fg.error" data-testid="calendar-save-error">
            {errorMessage(save.error, t('common.unknownError'))}
          </Text>
        )}
        {canWrite && (
          <Box>
            <Button type="submit" colorPalette="teal" loading={save.isPending} data-testid="calendar-save">
              {t('common.save')}
            </Button>
          </Box>
        )}
        <CalendarPreview lineID={lineID} />
      </Stack>
    </form>
  );
}

/** 'Calendario': the plant's work calendar and each line's own (or the plant's it follows), with a week's preview. */
export default function CalendarTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  const calendars = useCalendars();
  const tree = useResourceTree();
  const [lineID, setLineID] = useState<number | null>(null);
  const lines = (tree.data ?? []).flatMap((sector) => sector.lines);
  if (calendars.isPending) return <Spinner />;
  if (calendars.isError) return <Text color="fg.error">{errorMessage(calendars.error, t('common.unknownError'))}</Text>;
  return (
    <Stack gap="4" maxW="5xl" data-testid="calendar-tab">
      <Text fontSize="sm" color="fg.muted">
        {t('calendarTab.intro')}
      </Text>
      <LineSelect
        label={t('calendarTab.calendarOf')}
        lines={lines}
        value={lineID}
        onChange={setLineID}
        allLabel={t('calendarTab.plant')}
        testId="calendar-scope"
      />
      <CalendarEditor
        key={`${lineID ?? 'plant'}:${calendars.dataUpdatedAt}`}
        calendars={calendars.data}
        lineID={lineID}
        canWrite={canWrite}
      />
    </Stack>
  );
}
