import { sql, type Kysely } from 'kysely';

/**
 * oee.plants.name: the plant's name as its edge gives it (the parameter plantName, 'Nombre de la planta'), carried by
 * the sync with the plant's identity (PLANT_ID and time zone) on every batch. Null: the edge has none, or it has not
 * sent a batch since this migration; the portal then shows the PLANT_ID.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE oee.plants ADD COLUMN IF NOT EXISTS name text`).execute(db);
}
