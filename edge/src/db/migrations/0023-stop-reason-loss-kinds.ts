import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, where the time went: each stop reason may say which loss its stops are (domain/losses.ts) — breakdown,
 * setup (setups, changeovers and adjustments) or smallStop (microstops). Null inherits it from the reason's
 * category, and up the tree to the defaults: microstop (3) small stop, end of lot (5) and adjustment stop (6) setup,
 * everything else breakdown. Planned and data gaps are not chosen here: they follow discountOEE and reasons 4 and 9.
 * Existing plants see every reason inherit, so nothing needs filling in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stop_reasons ADD COLUMN lossKind TEXT CHECK (lossKind IN ('breakdown', 'setup', 'smallStop'))`.execute(db);
}
