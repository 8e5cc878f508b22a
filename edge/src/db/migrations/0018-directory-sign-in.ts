import { sql, type Kysely } from 'kysely';

/**
 * Issue 17, directory sign-in: where the directory of `domain` is (an ldap:// or ldaps:// URL; empty: ldap://<domain>),
 * where its users and groups live (empty: the domain's dc=… DN), the name the edge binds with (`{user}` replaced;
 * empty: {user}@{domain}, Active Directory's user principal name) and a PEM file of the authorities trusted for LDAPS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['directoryUrl', 'directoryBaseDN', 'directoryBindName', 'directoryCaFile']) {
    await sql.raw(`ALTER TABLE parameters ADD COLUMN ${column} TEXT`).execute(db);
  }
}
