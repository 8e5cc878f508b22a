import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A number as the Spanish app writes it ('1.234,5', '12,5 %'), read back. */
export function spanishNumber(text: string): number {
  return Number(text.replace(/\s*%$/, '').replace(/\./g, '').replace(',', '.'));
}

/** A value typed into a record form: text for inputs and selects (the option's visible text), booleans for checkboxes. */
export type FormInput = Record<string, string | boolean>;

export function recordForm(page: Page): Locator {
  return page.getByTestId('record-form');
}

/**
 * Fills the open record form as a user would, once its fields show (its code loads when a grid's form is first
 * opened): types, picks options by their text, ticks boxes.
 */
export async function fillForm(page: Page, values: FormInput): Promise<void> {
  const form = recordForm(page);
  for (const [name, value] of Object.entries(values)) {
    const field = form.locator(`[data-field="${name}"]`);
    await field.waitFor();
    if (typeof value === 'boolean') {
      const box = field.locator('input[type="checkbox"]');
      if ((await box.isChecked()) !== value) await field.locator('label').first().click();
      continue;
    }
    const select = field.locator(`select[name="${name}"]`);
    if ((await select.count()) > 0) {
      await select.selectOption(value === '' ? { value: '' } : { label: value });
      continue;
    }
    const input = field.locator(`[name="${name}"]`);
    await input.fill(value);
  }
}

export async function saveForm(page: Page): Promise<void> {
  await recordForm(page).getByTestId('record-save').click();
}

/** The text the server's message shows under a field of the open form. */
export async function fieldError(page: Page, name: string): Promise<string> {
  const error = recordForm(page).getByTestId(`error-${name}`);
  await error.waitFor();
  return (await error.innerText()).trim();
}

/** The rows of a grid that contain a text. */
export function gridRow(page: Page, gridTestId: string, text: string): Locator {
  return page.getByTestId(gridTestId).locator('.ag-row', { hasText: text });
}

export async function expectRow(page: Page, gridTestId: string, text: string, present = true): Promise<void> {
  const row = gridRow(page, gridTestId, text);
  if (present) await row.first().waitFor();
  else await row.first().waitFor({ state: 'detached' });
  expect(await row.count()).toBe(present ? 1 : 0);
}

export interface CrudCase {
  grid: string;
  /** Values that the server refuses, the field it names and (when SPEC.md gives it) its exact message. */
  invalid: { values: FormInput; field: string; message?: string };
  create: FormInput;
  /** A text of the created row, to find it. */
  createdText: string;
  edit: FormInput;
  editedText: string;
}

/**
 * The cycle every configuration grid goes through in the browser tests: a refused insert shows the server's message
 * on the field it concerns; then create, find the row, edit it, and delete it.
 */
export async function crudCycle(page: Page, c: CrudCase): Promise<void> {
  await page.getByTestId(`${c.grid}-add`).click();
  await fillForm(page, c.invalid.values);
  await saveForm(page);
  const message = await fieldError(page, c.invalid.field);
  if (c.invalid.message) expect(message).toBe(c.invalid.message);
  else expect(message.length).toBeGreaterThan(0);

  await fillForm(page, c.create);
  await saveForm(page);
  await recordForm(page).waitFor({ state: 'detached' });
  await expectRow(page, c.grid, c.createdText);

  await gridRow(page, c.grid, c.createdText).first().click();
  await page.getByTestId(`${c.grid}-edit`).click();
  await fillForm(page, c.edit);
  await saveForm(page);
  await recordForm(page).waitFor({ state: 'detached' });
  await expectRow(page, c.grid, c.editedText);

  await gridRow(page, c.grid, c.editedText).first().click();
  await page.getByTestId(`${c.grid}-delete`).click();
  await page.getByTestId('confirm-ok').click();
  await expectRow(page, c.grid, c.editedText, false);
}

/** Opens a tab of /configuracion. */
export async function openTab(page: Page, id: string): Promise<void> {
  await page.getByTestId(`tab-${id}`).click();
  await page.getByTestId(`tab-content-${id}`).waitFor();
}

/**
 * Scrolls a grid (by its test id) sideways, from its left edge, until its rows show the column: AG Grid draws only
 * the columns in view (the pinned ones always). After each step it waits for the grid to finish drawing: AG Grid
 * draws the newly visible cells a batch per animation frame, and on a busy machine that takes more frames than one
 * step waited, so the column went by undrawn and the scan ended at the right edge without it.
 */
export async function showColumn(page: Page, grid: string, column: string): Promise<void> {
  await page.getByTestId(grid).evaluate(async (root, column) => {
    const bar = root.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport');
    const shown = () => root.querySelector(`.ag-row [col-id="${column}"]`) !== null;
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const drawn = () => [...root.querySelectorAll('.ag-row [col-id]')].map((cell) => cell.getAttribute('col-id')).join();
    // Drawn when two looks a couple of frames apart see the same cells (at most about 100 frames).
    const settled = async () => {
      for (let look = 0, before = drawn(); look < 50 && !shown(); look += 1) {
        await frames();
        const now = drawn();
        if (now === before) return;
        before = now;
      }
    };
    for (let left = 0; bar && left <= bar.scrollWidth; left += 150) {
      bar.scrollLeft = left;
      await frames();
      await settled();
      if (shown()) return;
    }
  }, column);
}

/**
 * The text of a column's cell in a row (by its index), scrolled into view. The scan is made again (a few times at
 * most) while the row does not show the cell: rows drawn again meanwhile (the grid read its page again) start undrawn.
 */
export async function cellAt(page: Page, grid: string, rowIndex: number, column: string): Promise<string> {
  const cell = page.getByTestId(grid).locator(`.ag-row[row-index="${rowIndex}"] [col-id="${column}"]`);
  for (let scan = 0; scan < 5 && (scan === 0 || (await cell.count()) === 0); scan += 1) await showColumn(page, grid, column);
  return cell.innerText();
}

/** The text of a column's cell in the row of an order (found by its order number, at the grid's left). */
export async function cell(page: Page, grid: string, order: string, column: string): Promise<string> {
  await showColumn(page, grid, 'order');
  const row = page.getByTestId(grid).locator('.ag-row', { has: page.locator('[col-id="order"]', { hasText: new RegExp(`^${order}$`) }) });
  return cellAt(page, grid, Number(await row.getAttribute('row-index')), column);
}
