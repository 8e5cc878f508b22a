import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string | number;
  text: string;
}

/** A native select of text options, with an optional first option of value '' (e.g. 'Todos'). */
export function OptionSelect({
  name,
  value,
  options,
  onChange,
  size,
  disabled,
  emptyOption,
}: {
  name: string;
  value: string | number;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  size?: 'sm' | 'md';
  disabled?: boolean;
  emptyOption?: string;
}) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
