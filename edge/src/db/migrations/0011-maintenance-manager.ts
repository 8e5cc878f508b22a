import { sql, type Kysely } from 'kysely';

/**
 * The maintenance manager (issue 14): the plant's list of call reasons, and on each call the equipment it is about
 * and who called, took and closed it (the call's instants are already there: callDate, declarationDate, startDate,
 * endDate). A call keeps its reason as text (callReason), so renaming or deleting a reason leaves history as it was.
 */
const statements = [
  `CREATE TABLE maintenance_call_reasons (
    callReasonID INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    updatedBy TEXT,
    updateDate INTEGER
  )`,
  `ALTER TABLE maintenance_calls ADD COLUMN equipmentID INTEGER REFERENCES equipments(equipmentID)`,
  `ALTER TABLE maintenance_calls ADD COLUMN calledBy TEXT`,
  `ALTER TABLE maintenance_calls ADD COLUMN startedBy TEXT`,
  `ALTER TABLE maintenance_calls ADD COLUMN finishedBy TEXT`,
  `CREATE INDEX maintenance_calls_date ON maintenance_calls(callDate)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
