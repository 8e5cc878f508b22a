import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/date-input/date-input';

export interface StepOption<T> {
  value: T;
  text: string;
}

/**
 * A select of the summary filters. The options are told apart by position, so a chosen 'Todos' ('' or 0) is never
 * taken for "nothing chosen" (the placeholder).
 */
export function StepSelect<T extends string | number>({
  name,
  label,
  options,
  value,
  onChange,
  disabled = false,
}: {
  name: string;
  label: string;
  options: readonly StepOption<T>[];
  value: T | null;
  onChange: (value: T | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const index = value === null ? -1 : options.findIndex((option) => option.value === value);
  return (
    <Field.Root disabled={disabled} data-step={name}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field
          name={name}
          value={index < 0 ? '' : String(index)}
          onChange={(event) => onChange(event.target.value === '' ? null : (options[Number(event.target.value)]?.value ?? null))}
        >
          <option value="">{t('common.select')}</option>
          {options.map((option, i) => (
            <option key={`${i}-${String(option.value)}`} value={String(i)}>
              {option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A plant date ('YYYY-MM-DD') of the summary filters; `error` shows under it. */
export function StepDate({
  name,
  label,
  value,
  onChange,
  min,
  disabled = false,
  error,
}: {
  name: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string;
  disabled?: boolean;
  error?: string | null;
}) {
  return (
    <Field.Root disabled={disabled} invalid={!!error} data-step={name}>
      <Field.Label>{label}</Field.Label>
      <DateInput size="sm" name={name} value={value ?? ''} min={min} disabled={disabled} onChange={(date) => onChange(date || null)} />
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
