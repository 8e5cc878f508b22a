/** Minutes as typed: a number from 0 to 999999 (a comma works as the decimal point), else null. */
export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const minutes = Number(trimmed.replace(',', '.'));
  return Number.isFinite(minutes) && minutes >= 0 && minutes <= 999_999 ? minutes : null;
}
