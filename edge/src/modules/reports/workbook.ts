import type ExcelJS from 'exceljs';
import { plantDateParts } from '../../domain/time-zone';
import type { Language } from '../../http/messages';

/**
 * Workbooks (xlsx) of tables as the screens show them: one sheet per table, a bold frozen header in the request's
 * language, ratios as percentages and minutes with two decimals (the numbers themselves unrounded), dates in plant
 * time. The 'Reporte OEE' and the central portal's exports are built with it.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in plant time. */
export function plantDateTimeText(instantMs: number, timeZone: string): string {
  const p = plantDateParts(instantMs, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export type CellKind = 'text' | 'number' | 'minutes' | 'percent' | 'date' | 'yesNo';

export interface ReportColumn {
  key: string;
  es: string;
  en: string;
  kind: CellKind;
}

export interface ReportSheet {
  es: string;
  en: string;
  columns: readonly ReportColumn[];
}

export const col = (key: string, es: string, en: string, kind: CellKind): ReportColumn => ({ key, es, en, kind });

const YES_NO: Record<Language, [string, string]> = { es: ['Sí', 'No'], en: ['Yes', 'No'] };
const NUMBER_FORMAT: Partial<Record<CellKind, string>> = { percent: '0.0 %', minutes: '0.00' };

export type RawRow = Record<string, unknown>;

function cellValue(value: unknown, kind: CellKind, language: Language, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'date':
      return plantDateTimeText(Number(value), timeZone);
    case 'yesNo':
      return YES_NO[language][value === 1 || value === true ? 0 : 1];
    case 'text':
      return String(value);
    default:
      return Number(value);
  }
}

function addSheet(workbook: ExcelJS.Workbook, sheet: ReportSheet, rows: readonly RawRow[], language: Language, timeZone: string): void {
  const worksheet = workbook.addWorksheet(sheet[language]);
  worksheet.columns = sheet.columns.map((column) => ({
    header: column[language],
    key: column.key,
    width: Math.max(12, column[language].length + 2),
    style: { numFmt: NUMBER_FORMAT[column.kind] },
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    worksheet.addRow(
      Object.fromEntries(sheet.columns.map((column) => [column.key, cellValue(row[column.key], column.kind, language, timeZone)])),
    );
  }
}

export interface WorkbookOptions {
  language: Language;
  /** The plant time zone of 'date' cells (epoch milliseconds). */
  timeZone: string;
  createdMs: number;
}

/** The workbook's bytes: one sheet per table, in the order given. */
export async function workbookBytes(
  tables: readonly { sheet: ReportSheet; rows: readonly RawRow[] }[],
  options: WorkbookOptions,
): Promise<Buffer> {
  // exceljs is loaded with the first workbook (a third of a second to import, which an edge that makes none never pays).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.created = new Date(options.createdMs);
  for (const { sheet, rows } of tables) addSheet(workbook, sheet, rows, options.language, options.timeZone);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
