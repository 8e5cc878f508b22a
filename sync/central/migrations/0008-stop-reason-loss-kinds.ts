import { sql, type Kysely } from 'kysely';

/**
 * Edge migration 0023 (issue 29): oee.stop_reasons.loss_kind, the loss a reason's stops belong to in the time
 * waterfall ('breakdown', 'setup', 'smallStop'; null: inherited from its category, up the tree). Nullable: rows
 * synced before the edge had it hold no value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE oee.stop_reasons ADD COLUMN IF NOT EXISTS loss_kind text`).execute(db);
}
