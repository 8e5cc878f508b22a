import { Checkbox, Field, HStack, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { counterState } from './field-counter';
import type { GridField, GridOption } from './grid-types';

export interface FormFieldProps {
  field: GridField;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  error?: string;
  /** The choices of a select field, or the suggestions of a text field. */
  options: readonly GridOption[];
  /** Text under the input (e.g. 'Vacío: se mantiene el valor actual.'). */
  hint?: string;
  extra?: React.ReactNode;
}

/**
 * One field of a record form: the input for its kind, its label, and the server's message for it. Memoized: a change
 * of one field re-renders that field, not every field of the form (each a Chakra field, input and label resolving
 * their styles), given a stable `onChange` and `options` (record-form-dialog.tsx, use-field-options.ts).
 */
export const FormField = memo(function FormField({ field, value, onChange, disabled, error, options, hint, extra }: FormFieldProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const label = t(field.label);
  const counter = field.counter ? counterState(text, field.counter) : null;

  const input = () => {
    switch (field.kind) {
      case 'boolean':
        return (
          <Checkbox.Root
            name={field.name}
            checked={value === true}
            disabled={disabled}
            onCheckedChange={(details) => onChange(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
        );
      case 'select':
        return (
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field name={field.name} value={text} onChange={(event) => onChange(event.target.value)}>
              <option value="">{field.required ? t('common.select') : t('common.none')}</option>
              {options.map((option) => (
                <option key={String(option.value)} value={String(option.value)}>
                  {option.text}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case 'textarea':
        return <Textarea name={field.name} value={text} disabled={disabled} rows={3} onChange={(event) => onChange(event.target.value)} />;
      case 'code':
        return (
          <Textarea
            name={field.name}
            value={text}
            disabled={disabled}
            rows={6}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'color':
        return (
          <HStack>
            <Input
              type="color"
              w="16"
              p="1"
              value={text || '#000000'}
              disabled={disabled}
              onChange={(event) => onChange(event.target.value)}
              aria-label={label}
            />
            <Input name={field.name} value={text} disabled={disabled} maxW="32" onChange={(event) => onChange(event.target.value)} />
          </HStack>
        );
      default:
        return (
          <>
            <Input
              name={field.name}
              list={options.length > 0 ? `${field.name}-suggestions` : undefined}
              type={field.kind === 'password' ? 'password' : field.kind === 'time' ? 'time' : 'text'}
              inputMode={field.kind === 'number' ? 'decimal' : undefined}
              autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
              value={text}
              disabled={disabled}
              onChange={(event) => onChange(event.target.value)}
            />
            {options.length > 0 && (
              <datalist id={`${field.name}-suggestions`}>
                {options.map((option) => (
                  <option key={String(option.value)} value={String(option.value)}>
                    {option.text}
                  </option>
                ))}
              </datalist>
            )}
          </>
        );
    }
  };

  return (
    // The field's own `disabled` too: Chakra's NativeSelect takes the Field's state before its own prop, so a select
    // inside a Field that is not disabled stayed enabled (a system stop reason's 'Categoría').
    <Field.Root invalid={!!error} required={field.required} disabled={disabled} data-field={field.name}>
      {field.kind !== 'boolean' && (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {input()}
      {counter && (
        <Text fontSize="xs" color={counter.over ? 'fg.error' : 'fg.muted'} data-testid={`counter-${field.name}`} data-over={counter.over}>
          {t('grid.counter', { n: counter.used, max: field.counter })}
        </Text>
      )}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {extra}
      <Field.ErrorText data-testid={`error-${field.name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
});
