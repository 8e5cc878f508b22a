import type { Database } from '../../db/database';
import { apiToRow, rowToApi, type HookContext } from '../grid/grid-resource';
import { fieldError } from '../../http/errors';
import { checkReferences } from '../grid/references';
import { findTerminalByIp } from './terminals.repository';
import { canonicalIp, TERMINAL_COLUMNS } from './terminals.schemas';

type AnyRow = Record<string, unknown>;

/** The grid's `prepare`: the line must exist and no other terminal may have the address (409 on the field). */
export async function prepareTerminal(values: AnyRow, ctx: HookContext & { before: AnyRow | null }): Promise<AnyRow> {
  await checkReferences(ctx.trx, values, [{ field: 'lineID', table: 'lines', column: 'lineID' }]);
  const ipAddress = values.ipAddress as string;
  const holder = await findTerminalByIp(ctx.trx, ipAddress);
  if (holder && holder.terminalID !== ctx.before?.terminalID)
    throw fieldError('conflict', 'terminal.ipInUse', 'ipAddress', { ip: ipAddress });
  return apiToRow(values, TERMINAL_COLUMNS);
}

/**
 * The terminal configured for the caller's address, or null when there is none. SPEC.md section 4: "If
 * terminalSyncByIP is set, the terminal is synced by IP at start; no result resets it" — null (a JSON 200, not a
 * 404) is that "no result", so the UI resets its stored line without treating it as an error.
 */
export async function terminalOfCaller(db: Database, ip: string, timeZone: string): Promise<AnyRow | null> {
  const terminal = await findTerminalByIp(db, canonicalIp(ip));
  return terminal ? rowToApi(terminal, TERMINAL_COLUMNS, timeZone) : null;
}
