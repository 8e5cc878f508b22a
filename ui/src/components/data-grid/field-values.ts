import { formatNumber, minutesLabel, percentLabel, rateLabel } from '../../lib/indicator-format';
import type { FormContext, GridField, GridRow } from './grid-types';
import { formatPlantDateTime } from '../../lib/plant-time';

/**
 * Conversions between API values, what the grid shows, what the form edits and what a write sends. Pure functions,
 * unit-tested.
 */

/** Resolves a select field's stored value to its text, or its form text back to the stored value. */
export interface OptionResolver {
  text(field: GridField, value: unknown): string | undefined;
  value(field: GridField, formText: string): unknown;
}

/** Plant time as the API writes it ('2026-03-01T06:00:00-03:00') shown as 'YYYY-MM-DD HH:mm:ss' (SPEC.md section 9); any other text as it is. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string') return '';
  return formatPlantDateTime(value) || value;
}

/** What a form's input holds of a number: the field's decimals ('12.0' for 1 decimal), no grouping; anything else as text. */
function fixedDecimals(field: GridField, value: unknown): string {
  return field.decimals !== undefined && typeof value === 'number' ? value.toFixed(field.decimals) : String(value);
}

export function displayValue(field: GridField, value: unknown, options: OptionResolver, yesNo: { yes: string; no: string }): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'boolean':
      return value ? yesNo.yes : yesNo.no;
    case 'select':
      return options.text(field, value) ?? String(value);
    case 'date':
      return formatDateTime(value);
    case 'percent':
      return typeof value === 'number' ? percentLabel(value) : String(value);
    case 'password':
      return '';
    case 'number':
      return typeof value === 'number' ? formatNumber(value, { decimals: field.decimals, grouping: !field.identifier }) : String(value);
    case 'minutes':
      return minutesLabel(Number(value));
    case 'rate':
      return rateLabel(Number(value));
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** What a cell shows of a row: the field's own text, else its value displayed by kind (the grid and the CSV alike). */
export function cellText(field: GridField, row: GridRow, options: OptionResolver, yesNo: { yes: string; no: string }): string {
  return field.text ? field.text(row) : displayValue(field, row[field.name], options, yesNo);
}

export const isFormField = (field: GridField) => field.inForm ?? !field.readOnly;

/** The fields the form shows in this mode: generated keys are not typed on insert. */
export function formFields(fields: readonly GridField[], mode: 'insert' | 'update'): GridField[] {
  return fields.filter((field) => isFormField(field) && !(mode === 'insert' && field.generated));
}

/** Whether a field can be changed in this form: keys only on insert, then the field's own rule. */
export function isEditable(field: GridField, context: FormContext, canWrite: boolean): boolean {
  if (!canWrite) return false;
  if (field.key && context.mode === 'update') return false;
  return field.editable ? field.editable(context) : true;
}

export const isVisible = (field: GridField, context: FormContext) => field.visible?.(context) ?? true;

/** The form's state: inputs hold text, checkboxes booleans. */
export function initialFormValues(fields: readonly GridField[], record: GridRow | null, defaults: GridRow = {}): GridRow {
  const state: GridRow = {};
  for (const field of fields) {
    const stored = record ? record[field.name] : (defaults[field.name] ?? field.defaultValue);
    if (field.kind === 'boolean') state[field.name] = stored === true || stored === 1;
    else if (field.writeOnly) state[field.name] = '';
    else if (stored === null || stored === undefined) state[field.name] = '';
    else state[field.name] = typeof stored === 'object' ? JSON.stringify(stored) : fixedDecimals(field, stored);
  }
  return state;
}

function sentValue(field: GridField, formValue: unknown, options: OptionResolver): unknown {
  if (field.kind === 'boolean') return formValue === true;
  const text = typeof formValue === 'string' ? formValue : formValue === null || formValue === undefined ? '' : String(formValue);
  switch (field.kind) {
    case 'number': {
      const trimmed = text.trim();
      if (trimmed === '') return null;
      const n = Number(trimmed.replace(',', '.'));
      // Not a number: sent as typed, so the server's message names the field.
      return Number.isFinite(n) ? n : trimmed;
    }
    case 'select':
      return text === '' ? null : options.value(field, text);
    case 'code':
    case 'textarea':
      return text;
    default:
      return text.trim();
  }
}

/**
 * The `values` of a write: every editable form field converted to its API type, plus fixed values (the selected
 * group of a detail grid). On update, keys, fields this record may not change and empty write-only fields (keep the
 * stored password) are left out.
 */
export function valuesToSend(
  fields: readonly GridField[],
  state: GridRow,
  context: FormContext,
  options: OptionResolver,
  fixed: GridRow = {},
): GridRow {
  const values: GridRow = {};
  for (const field of formFields(fields, context.mode)) {
    if (!isEditable(field, context, true) || !isVisible(field, context)) continue;
    const formValue = state[field.name];
    if (field.writeOnly && context.mode === 'update' && (formValue === '' || formValue === undefined)) continue;
    values[field.name] = sentValue(field, formValue, options);
  }
  return { ...values, ...fixed };
}

/** A number as the grid shows it (-12,3 · 1.234 · 88%): the one kind of text starting with '-' that is no formula. */
const SHOWN_NUMBER = /^-?\d[\d.,]*%?$/;

/**
 * A cell's text as a spreadsheet program reads it as text, never as a formula: one starting with =, +, -, @, a tab or
 * a carriage return gets a leading apostrophe (OWASP, CSV injection), so an observation '=HYPERLINK(…)' typed at a
 * plant cannot run on the PC of whoever opens the export (issue 26). Numbers, negative ones included, stay numbers.
 */
export function neutralCsvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !SHOWN_NUMBER.test(text) ? `'${text}` : text;
}

function csvCell(cell: string): string {
  const text = neutralCsvText(cell);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV (RFC 4180, with a BOM so spreadsheet programs read UTF-8). */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
