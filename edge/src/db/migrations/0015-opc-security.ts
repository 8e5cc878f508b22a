import { sql, type Kysely } from 'kysely';

/**
 * OPC UA security per server (issue 15): the message security mode and policy the edge asks for, and the user name
 * and password it signs in with (none: anonymous). The password is kept in clear because the edge must send it to
 * the server; the API never returns it (only whether one is set). Existing servers keep connecting as before: None,
 * anonymous.
 */
const statements = [
  `ALTER TABLE opc_servers ADD COLUMN securityMode TEXT NOT NULL DEFAULT 'None'`,
  `ALTER TABLE opc_servers ADD COLUMN securityPolicy TEXT NOT NULL DEFAULT 'None'`,
  `ALTER TABLE opc_servers ADD COLUMN userName TEXT`,
  `ALTER TABLE opc_servers ADD COLUMN password TEXT`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
