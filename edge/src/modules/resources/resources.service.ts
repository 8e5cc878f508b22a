import type { Database } from '../../db/database';
import { compileScript, decodeStoredScript } from '../../domain/script';
import { fieldError, notFound } from '../../http/errors';
import { apiToRow, type HookContext } from '../grid/grid-resource';
import { checkReferences } from '../grid/references';
import { findLineSummary, lineLookup, sectorsWithLines, tagNames } from './resources.repository';
import { LINE_SCRIPTS, RESOURCE_COLUMNS, type LineScriptField } from './resources.schemas';

type AnyRow = Record<string, unknown>;

/** Sectors with their lines, for the navigation's OEE menu (sectors without lines included, with none). */
export async function resourceTree(db: Database) {
  const tree: { sectorID: number; sectorName: string; lines: { lineID: number; description: string }[] }[] = [];
  for (const row of await sectorsWithLines(db)) {
    let sector = tree.at(-1);
    if (sector?.sectorID !== row.sectorID) {
      sector = { sectorID: row.sectorID, sectorName: row.sectorName, lines: [] };
      tree.push(sector);
    }
    if (row.lineID !== null && row.description !== null) sector.lines.push({ lineID: row.lineID, description: row.description });
  }
  return tree;
}

export function lookupResources(db: Database, sectorID: number | undefined) {
  return lineLookup(db, sectorID);
}

/** A line as every role may read it: its description, sector and switches (its scripts are configuration). */
export async function lineSummary(db: Database, lineID: number) {
  const row = await findLineSummary(db, lineID);
  if (!row) throw notFound();
  return {
    ...row,
    enableStopsManager: row.enableStopsManager === 1,
    enableOrderManager: row.enableOrderManager === 1,
    enableProductionManager: row.enableProductionManager === 1,
    enableCalculationRelative: row.enableCalculationRelative === 1,
    enableIndicadorPorTurno: row.enableIndicadorPorTurno === 1,
  };
}

export async function isIndicadorPorTurno(db: Database, lineID: number): Promise<boolean> {
  return (await lineSummary(db, lineID)).enableIndicadorPorTurno;
}

/**
 * Compiles each script that is new or changed, for the kind of value it must produce and against the configured OPC
 * tags, so a typo is refused when it is saved rather than found when the line stops counting. Unchanged scripts are
 * not judged again: editing a line's description must not fail because a tag was renamed since. The position in
 * the message is in the text as sent (marker line included).
 */
async function checkScripts(db: Database, values: AnyRow, before: AnyRow | null): Promise<void> {
  const fields = Object.keys(LINE_SCRIPTS) as LineScriptField[];
  const changed = fields.filter((field) => typeof values[field] === 'string' && values[field] !== before?.[field]);
  if (changed.length === 0) return;
  const knownTags = new Set(await tagNames(db));
  for (const field of changed) {
    const source = values[field] as string;
    if (decodeStoredScript(source).expression.trim() === '') continue;
    const result = compileScript(source, { expect: LINE_SCRIPTS[field], knownTags });
    if (!result.ok) {
      const { problem, line, column } = result.error;
      throw fieldError('validation', 'resource.script', field, { detail: problem, line, column });
    }
  }
}

/** The grid's `prepare`: the sector must exist and every new or changed script must compile. */
export async function prepareResource(values: AnyRow, ctx: HookContext & { before: AnyRow | null }): Promise<AnyRow> {
  await checkReferences(ctx.trx, values, [{ field: 'sectorID', table: 'sectors', column: 'sectorID' }]);
  await checkScripts(ctx.trx, values, ctx.before);
  return apiToRow(values, RESOURCE_COLUMNS);
}
