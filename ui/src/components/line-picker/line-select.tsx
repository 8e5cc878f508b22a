import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TreeLine } from './resource-tree';

export interface LineSelectProps {
  label: string;
  name: string;
  lines: readonly TreeLine[];
  value: number | null;
  onChange: (lineID: number | null) => void;
  /** The text of an option for no line in particular (every line); without it a line must be chosen. */
  allLabel?: string;
  width?: string;
  testId?: string;
}

/** A select of lines, each as 'Línea {n}: {description}' (the index filters, the order manager). */
export function LineSelect({ label, name, lines, value, onChange, allLabel, width = '56', testId }: LineSelectProps) {
  const { t } = useTranslation();
  return (
    <Field.Root w={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={name} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))} data-testid={testId}>
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
