import type { Locator } from 'playwright-core';

/**
 * The app's date fields (ui/src/components/date-input) are text inputs in the app's language: 'dd/mm/aaaa' in
 * Spanish, 'yyyy-mm-dd' in English (the input's `data-format`), their 'YYYY-MM-DD' value in `data-value`. These type
 * a date as a user of that language would.
 */
export function dateText(date: string, format: string | null): string {
  return format === 'dd/mm/yyyy' && date !== '' ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date;
}

/** Types 'YYYY-MM-DD' into a date field in its language's format. */
export async function fillDate(input: Locator, date: string): Promise<void> {
  await input.fill(dateText(date, await input.getAttribute('data-format')));
}

/** The 'YYYY-MM-DD' a date field holds ('' when empty or not a date). */
export async function dateValue(input: Locator): Promise<string> {
  return (await input.getAttribute('data-value')) ?? '';
}

/** Types a plant time 'YYYY-MM-DDTHH:mm:ss' into a date-and-time field named `name` within `scope`. */
export async function fillDateTime(scope: Locator, name: string, local: string): Promise<void> {
  await fillDate(scope.locator(`input[name="${name}"]`), local.slice(0, 10));
  await scope.locator(`input[name="${name}Time"]`).fill(local.slice(11, 19));
}
