import type { Database } from '../../db/database';
import { ROLE } from '../../domain/roles';

/** Active administrators other than `userID`. */
export async function countOtherActiveAdministrators(db: Database, userID: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roleID', '=', ROLE.ADMINISTRATOR)
    .where('active', '=', 1)
    .where('userID', '!=', userID)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
