import { describe, expect, it } from 'vitest';
import {
  cellText,
  displayValue,
  formatDateTime,
  initialFormValues,
  neutralCsvText,
  toCsv,
  valuesToSend,
  type OptionResolver,
} from './field-values';
import type { GridField } from './grid-types';

const FIELDS: GridField[] = [
  { name: 'userID', label: 'fields.userID', key: true },
  { name: 'firstName', label: 'fields.firstName' },
  { name: 'password', label: 'fields.password', kind: 'password', writeOnly: true },
  { name: 'roleID', label: 'fields.roleID', kind: 'select', options: { kind: 'static', options: [{ value: 1, label: 'roles.1' }] } },
  { name: 'active', label: 'fields.active', kind: 'boolean', defaultValue: true },
  { name: 'speed', label: 'fields.speed', kind: 'number' },
  { name: 'updateDate', label: 'fields.updateDate', kind: 'date', readOnly: true },
];
const resolver: OptionResolver = {
  text: (_field, value) => (String(value) === '1' ? 'Administrador' : undefined),
  value: (_field, text) => (text === '1' ? 1 : text),
};

describe('record form values', () => {
  it('starts a new record from the defaults and an edited one from the stored values (never a password)', () => {
    expect(initialFormValues(FIELDS, null)).toMatchObject({ userID: '', active: true, password: '', speed: '' });
    expect(initialFormValues(FIELDS, { userID: 'ana', password: 'x', roleID: 1, active: false, speed: 2.5 })).toMatchObject({
      userID: 'ana',
      password: '',
      roleID: '1',
      active: false,
      speed: '2.5',
    });
  });

  it('sends typed values on insert: trimmed text, numbers, the option value, booleans; never read-only columns', () => {
    const state = { userID: ' ana ', firstName: 'Ana', password: 'pw', roleID: '1', active: true, speed: '1,5', updateDate: 'x' };
    expect(valuesToSend(FIELDS, state, { mode: 'insert', values: state, record: null }, resolver)).toEqual({
      userID: 'ana',
      firstName: 'Ana',
      password: 'pw',
      roleID: 1,
      active: true,
      speed: 1.5,
    });
  });

  it('on update leaves out the key and an empty write-only field, and keeps the fixed values', () => {
    const state = { userID: 'ana', firstName: 'Ana', password: '', roleID: '', active: false, speed: '' };
    expect(valuesToSend(FIELDS, state, { mode: 'update', values: state, record: { userID: 'ana' } }, resolver, { groupID: 3 })).toEqual({
      firstName: 'Ana',
      roleID: null,
      active: false,
      speed: null,
      groupID: 3,
    });
  });

  it('sends text that is not a number as typed, so the server names the field', () => {
    const state = { speed: 'abc' };
    expect(valuesToSend([FIELDS[5]!], state, { mode: 'insert', values: state, record: null }, resolver)).toEqual({ speed: 'abc' });
  });
});

describe('grid cells and export', () => {
  it('shows booleans, options and plant dates as the user reads them', () => {
    const yesNo = { yes: 'Sí', no: 'No' };
    expect(displayValue(FIELDS[4]!, true, resolver, yesNo)).toBe('Sí');
    expect(displayValue(FIELDS[3]!, 1, resolver, yesNo)).toBe('Administrador');
    expect(displayValue(FIELDS[6]!, '2026-03-01T06:05:00-03:00', resolver, yesNo)).toBe('2026-03-01 06:05:00');
    expect(formatDateTime('2026-03-01T06:05-03:00')).toBe('2026-03-01 06:05:00');
    const oee: GridField = { name: 'oee', label: 'fields.order', kind: 'percent' };
    expect([displayValue(oee, 0.876, resolver, yesNo), displayValue(oee, null, resolver, yesNo)]).toEqual(['88%', '']);
  });

  it('shows a number in the app language (Spanish here) with its fixed decimals (tonnes with 1, kg with 2), ids ungrouped; the form edits it with a point', () => {
    const tonnes: GridField = { name: 'cantidad', label: 'preloadOrders.cantidad', kind: 'number', decimals: 1 };
    const kg: GridField = { name: 'pesoBolsa', label: 'preloadOrders.pesoBolsa', kind: 'number', decimals: 2 };
    const yesNo = { yes: 'Sí', no: 'No' };
    expect(displayValue(tonnes, 12, resolver, yesNo)).toBe('12,0');
    expect(displayValue(tonnes, 12.5, resolver, yesNo)).toBe('12,5');
    expect(displayValue(kg, 1000.2, resolver, yesNo)).toBe('1.000,20');
    expect(displayValue(FIELDS[5]!, 2.5, resolver, yesNo)).toBe('2,5');
    expect(displayValue(kg, 123456.7, resolver, yesNo)).toBe('123.456,70');
    const stopID: GridField = { name: 'stopID', label: 'fields.stopID', kind: 'number', identifier: true };
    expect(displayValue(stopID, 123456, resolver, yesNo)).toBe('123456');
    expect(initialFormValues([tonnes, kg], { cantidad: 3, pesoBolsa: 25.5 })).toEqual({ cantidad: '3.0', pesoBolsa: '25.50' });
    expect(initialFormValues([tonnes], { cantidad: null })).toEqual({ cantidad: '' });
  });

  it('writes CSV with quoted cells where needed and a BOM', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"']])).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n');
  });

  it('writes no cell a spreadsheet would run as a formula; numbers, negative ones too, stay numbers', () => {
    const formulas = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "=cmd|' /C calc'!A0"];
    expect(formulas.map(neutralCsvText)).toEqual(formulas.map((text) => `'${text}`));
    const csv = toCsv(['observation'], [[formulas[0]!]]);
    expect(csv).toBe('\uFEFFobservation\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n');
    expect(toCsv(['n'], [['-12,3'], ['88%'], ['-5'], ['1.234'], ['texto']])).toBe('\uFEFFn\r\n"-12,3"\r\n88%\r\n-5\r\n1.234\r\ntexto\r\n');
  });
});

describe('cell text', () => {
  const yesNo = { yes: 'Sí', no: 'No' };
  it('shows ratios as whole percentages, minutes and speeds with one decimal', () => {
    expect(cellText({ name: 'oee', label: 'fields.name', kind: 'percent' }, { oee: 0.8765 }, resolver, yesNo)).toBe('88%');
    expect(cellText({ name: 'runtime', label: 'fields.name', kind: 'minutes' }, { runtime: 12.25 }, resolver, yesNo)).toBe('12,3');
    expect(cellText({ name: 'speed', label: 'fields.name', kind: 'rate' }, { speed: 118.44 }, resolver, yesNo)).toBe('118,4');
    expect(cellText({ name: 'oee', label: 'fields.name', kind: 'percent' }, { oee: null }, resolver, yesNo)).toBe('');
  });

  it("uses the field's own text of the row when it has one", () => {
    expect(
      cellText(
        { name: 'lineID', label: 'fields.lineID', text: (row) => `${String(row.lineID)} · ${String(row.description)}` },
        { lineID: 2, description: 'Envasadora 2' },
        resolver,
        yesNo,
      ),
    ).toBe('2 · Envasadora 2');
  });
});
