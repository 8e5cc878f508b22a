import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionResolver } from './field-values';
import { optionsQuery } from './grid-api';
import type { FetchedOptions, GridField, GridOption, OptionSource } from './grid-types';

/**
 * The choices of every select field of a grid (static ones translated, lookups fetched once and shared), and a
 * resolver between stored values and what the form's select holds.
 */
export interface FieldOptions {
  optionsOf: (field: GridField) => readonly GridOption[];
  resolver: OptionResolver;
}

export function useFieldOptions(fields: readonly GridField[]): FieldOptions {
  const { t } = useTranslation();
  const sources = new Map<string, FetchedOptions>();
  for (const field of fields) if (field.options && field.options.kind !== 'static') sources.set(sourceId(field.options), field.options);
  const ids = [...sources.keys()];
  const lookups = useQueries({ queries: [...sources.values()].map((source) => optionsQuery(source)) });
  // Changes only when a lookup's data does, so what is built from the options is rebuilt only then.
  const version = lookups.map((lookup) => lookup.dataUpdatedAt).join();
  return useMemo(() => buildOptions(t, new Map(ids.map((id, i) => [id, lookups[i]?.data ?? []]))), [t, version]); // eslint-disable-line react-hooks/exhaustive-deps
}

const sourceId = (source: OptionSource) => JSON.stringify(source);

const NO_OPTIONS: readonly GridOption[] = [];

function buildOptions(t: (key: never) => string, fetched: ReadonlyMap<string, readonly GridOption[]>): FieldOptions {
  // A static field's choices translated once per build, so each call answers the same array (a memoized form field
  // re-renders only when its choices change).
  const translated = new WeakMap<GridField, readonly GridOption[]>();
  const optionsOf = (field: GridField): readonly GridOption[] => {
    const source = field.options;
    if (!source) return NO_OPTIONS;
    if (source.kind !== 'static') return fetched.get(sourceId(source)) ?? NO_OPTIONS;
    let options = translated.get(field);
    if (!options) {
      options = source.options.map((option) => ({
        value: option.value,
        text: option.translate === false ? option.label : t(option.label as never),
      }));
      translated.set(field, options);
    }
    return options;
  };
  const resolver: OptionResolver = {
    text: (field, value) => optionsOf(field).find((option) => String(option.value) === String(value))?.text,
    value: (field, formText) => optionsOf(field).find((option) => String(option.value) === formText)?.value ?? formText,
  };
  return { optionsOf, resolver };
}
