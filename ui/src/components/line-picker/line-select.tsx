import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What a line select lists of a line: its number and description (resource tree lines, a module's lines). */
export interface LineChoice {
  lineID: number;
  description: string;
}

export interface LineSelectProps {
  /** The field's label above the select; without it the select stands alone, named by `aria-label` 'Línea'. */
  label?: string;
  name?: string;
  lines: readonly LineChoice[];
  value: number | null;
  onChange: (lineID: number | null) => void;
  /** The text of an option for no line in particular (every line); without it a line must be chosen. */
  allLabel?: string;
  width?: string;
  testId?: string;
}

/**
 * The one select of lines, each as 'Línea {n}: {description}': the index filters, the order manager, the production
 * manager's pages and the manual stops manager.
 */
export function LineSelect({ label, name, lines, value, onChange, allLabel, width = '56', testId }: LineSelectProps) {
  const { t } = useTranslation();
  return (
    <Field.Root w={width}>
      {label !== undefined && <Field.Label>{label}</Field.Label>}
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          aria-label={label === undefined ? t('fields.lineID') : undefined}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          data-testid={testId}
        >
          {allLabel !== undefined && <option value="">{allLabel}</option>}
          {lines.map((line) => (
            <option key={line.lineID} value={line.lineID}>
              {t('dashboard.lineHeading', { n: line.lineID, description: line.description })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
