import { DatePicker, IconButton, parseDate } from '@chakra-ui/react';
import { isPlantDate } from '../../lib/plant-time';
import { CalendarIcon } from './calendar-icon';

export interface CalendarPickerProps {
  value: string;
  onChange: (value: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  language: string;
  min?: string;
  max?: string;
  size: 'sm' | 'md';
  label: string;
  disabled?: boolean;
  testId?: string;
}

const calendarDate = (date: string | undefined) => (date && isPlantDate(date) ? parseDate(date) : undefined);

/**
 * The month calendar of a date field: Chakra's DatePicker (Ark UI) with its month names and first weekday in the
 * app's language. Only its trigger and popup: the text is the field's own input, so what is typed is never silently
 * replaced. Loaded with the first click on the field's calendar button (it is not on any page's first load).
 */
export default function CalendarPicker({
  value,
  onChange,
  open,
  onOpenChange,
  language,
  min,
  max,
  size,
  label,
  disabled,
  testId,
}: CalendarPickerProps) {
  const selected = calendarDate(value);
  return (
    <DatePicker.Root
      size={size}
      locale={language.startsWith('es') ? 'es-ES' : 'en-US'}
      startOfWeek={language.startsWith('es') ? 1 : 0}
      value={selected ? [selected] : []}
      onValueChange={(details) => {
        const chosen = details.value[0];
        if (chosen) onChange(chosen.toString());
      }}
      min={calendarDate(min)}
      max={calendarDate(max)}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      disabled={disabled}
      positioning={{ strategy: 'fixed', placement: 'bottom-end' }}
      width="auto"
    >
      <DatePicker.Control>
        <DatePicker.Trigger asChild>
          <IconButton size={size} variant="outline" aria-label={label} data-testid={testId}>
            <CalendarIcon />
          </IconButton>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
          <DatePicker.View view="year">
            <DatePicker.Header />
            <DatePicker.YearTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}
