import { useTranslation } from 'react-i18next';
import { shiftName, type NamedShift } from './shift-navigation';

const APP_SHIFT_CODES = ['TM', 'TT', 'TN', 'TO'] as const;
type AppShiftCode = (typeof APP_SHIFT_CODES)[number];
const isAppShiftCode = (code: string): code is AppShiftCode => (APP_SHIFT_CODES as readonly string[]).includes(code);

/**
 * How the app names a shift: its work calendar's name in the language when the answer has it, else the app's text for
 * the default codes (TM, TT, TN and the day TO), else its code as it is.
 */
export function useShiftName(): (shift: NamedShift) => string {
  const { t, i18n } = useTranslation();
  return (shift) => shiftName(shift, i18n.language, (code) => (isAppShiftCode(code) ? t(`dashboard.shifts.${code}`) : code));
}
