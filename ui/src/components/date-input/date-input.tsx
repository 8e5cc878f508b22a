import { HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDefault } from '../../lib/lazy-component';
import { dateTextFormat, dateToText, textToDate, textToTime } from '../../lib/date-text';
import { CalendarIcon } from './calendar-icon';

const CalendarPicker = lazyDefault(() => import('./calendar-picker'));

interface DateFieldProps {
  /** 'YYYY-MM-DD', or '' when empty. */
  value: string;
  /** The date typed or picked, 'YYYY-MM-DD'; '' while the text is empty or is not a date (as a native date input). */
  onChange: (value: string) => void;
  name?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  'aria-label'?: string;
  /** On the text input; the calendar button gets `<testId>-calendar`. */
  testId?: string;
}

/**
 * A date field in the app's language, whatever the browser's: the text is typed and shown as 'dd/mm/aaaa' in Spanish
 * and 'yyyy-mm-dd' in English (lib/date-text.ts), with a calendar beside it. A text that is no date marks the field
 * invalid once the user leaves it. Its value is the same 'YYYY-MM-DD' a native date input gives, so callers keep
 * their contract; the input carries the caller's value as `data-value`, and the format it reads as `data-format` (the browser tests
 * type through them).
 */
export function DateInput({ value, onChange, name, min, max, disabled, size = 'md', testId, 'aria-label': ariaLabel }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const format = dateTextFormat(i18n.language);
  const [text, setText] = useState(() => dateToText(value, format));
  const [shown, setShown] = useState({ value, format });
  const [editing, setEditing] = useState(false);
  const [calendar, setCalendar] = useState<'none' | 'loading' | 'open' | 'closed'>('none');
  // A new value from the caller (a reset, a picked day, another language) replaces the text, unless it is the text's own.
  if (shown.value !== value || shown.format !== format) {
    setShown({ value, format });
    if (shown.format !== format || (textToDate(text, format) ?? '') !== value) setText(dateToText(value, format));
  }
  const parsed = textToDate(text, format);
  const invalid = !editing && !disabled && text.trim() !== '' && parsed === null;
  const placeholder = t(format === 'dd/mm/yyyy' ? 'dateInput.dayFirst' : 'dateInput.yearFirst');
  const calendarLabel = t('dateInput.openCalendar');

  const type = (next: string) => {
    setText(next);
    setEditing(true);
    const date = textToDate(next, format) ?? '';
    if (date !== value) onChange(date);
  };
  const pick = (date: string) => {
    setText(dateToText(date, format));
    setEditing(false);
    if (date !== value) onChange(date);
  };
  const trigger = (
    <IconButton
      size={size}
      variant="outline"
      aria-label={calendarLabel}
      disabled={disabled}
      onClick={() => setCalendar('loading')}
      data-testid={testId && `${testId}-calendar`}
    >
      <CalendarIcon />
    </IconButton>
  );

  return (
    <Stack gap="0.5" display="inline-flex">
      <HStack gap="1">
        <Input
          size={size}
          width="8.5rem"
          name={name}
          value={text}
          placeholder={placeholder}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          aria-label={ariaLabel}
          aria-invalid={invalid || undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            setEditing(false);
            if (parsed) setText(dateToText(parsed, format));
          }}
          data-value={value}
          data-format={format}
          data-testid={testId}
        />
        {calendar === 'none' ? (
          trigger
        ) : (
          <CalendarPicker
            fallback={trigger}
            value={parsed ?? value}
            onChange={pick}
            open={calendar !== 'closed'}
            onOpenChange={(open) => setCalendar(open ? 'open' : 'closed')}
            language={i18n.language}
            min={min}
            max={max}
            size={size}
            label={calendarLabel}
            disabled={disabled}
            testId={testId && `${testId}-calendar`}
          />
        )}
      </HStack>
      {invalid && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {t('dateInput.invalid', { format: placeholder })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A time of day typed as 24-hour 'HH:mm:ss' in both languages ('7:05' is read as '07:05:00'). Its value is 'HH:mm:ss',
 * '' while the text is empty or no time; a text that is no time marks the field invalid once the user leaves it.
 */
export function TimeInput({
  value,
  onChange,
  name,
  disabled,
  size = 'md',
  testId,
  'aria-label': ariaLabel,
}: Omit<DateFieldProps, 'min' | 'max'>) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [editing, setEditing] = useState(false);
  if (shown !== value) {
    setShown(value);
    if ((textToTime(text) ?? '') !== value) setText(value);
  }
  const parsed = textToTime(text);
  const invalid = !editing && !disabled && text.trim() !== '' && parsed === null;
  return (
    <Stack gap="0.5" display="inline-flex">
      <Input
        size={size}
        width="6.5rem"
        name={name}
        value={text}
        placeholder={t('dateInput.time')}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        aria-label={ariaLabel ?? t('dateInput.timeLabel')}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          setEditing(true);
          const time = textToTime(event.target.value) ?? '';
          if (time !== value) onChange(time);
        }}
        onBlur={() => {
          setEditing(false);
          if (parsed) setText(parsed);
        }}
        data-value={value}
        data-testid={testId}
      />
      {invalid && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {t('dateInput.invalidTime')}
        </Text>
      )}
    </Stack>
  );
}

/** 'YYYY-MM-DDTHH:mm[:ss]' split into its date and its 'HH:mm:ss'. */
const splitLocal = (local: string) => ({
  date: local.slice(0, 10),
  time: local.length >= 16 ? (textToTime(local.slice(11, 19)) ?? '') : '',
});

/**
 * A plant date and time: the date field and a 24-hour 'HH:mm:ss' time beside it. Its value is 'YYYY-MM-DDTHH:mm:ss'
 * (plant wall-clock time, as a datetime-local input with seconds gave it), '' while either part is empty or
 * unreadable. The time input is named `<name>Time`, its test id `<testId>-time`.
 */
export function DateTimeInput({ value, onChange, name, min, max, disabled, size = 'md', testId }: Omit<DateFieldProps, 'aria-label'>) {
  const { t } = useTranslation();
  const [parts, setParts] = useState(() => splitLocal(value));
  const [shown, setShown] = useState(value);
  const composed = (date: string, time: string) => (date !== '' && time !== '' ? `${date}T${time}` : '');
  // A new value from the caller replaces both parts; '' (a part being typed) leaves them as they are.
  if (shown !== value) {
    setShown(value);
    if (value !== '' && composed(parts.date, parts.time) !== value) setParts(splitLocal(value));
  }
  const change = (next: { date: string; time: string }) => {
    setParts(next);
    const local = composed(next.date, next.time);
    if (local !== value) onChange(local);
  };
  return (
    <HStack gap="2" align="start" wrap="wrap">
      <DateInput
        value={parts.date}
        onChange={(date) => change({ ...parts, date })}
        name={name}
        min={min?.slice(0, 10)}
        max={max?.slice(0, 10)}
        disabled={disabled}
        size={size}
        aria-label={t('dateInput.date')}
        testId={testId}
      />
      <TimeInput
        value={parts.time}
        onChange={(time) => change({ ...parts, time })}
        name={name && `${name}Time`}
        disabled={disabled}
        size={size}
        testId={testId && `${testId}-time`}
      />
    </HStack>
  );
}
