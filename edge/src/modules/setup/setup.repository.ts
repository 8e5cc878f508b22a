import type { Database } from '../../db/database';

export async function countUsers(db: Database): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAdministrator(db: Database, user: { userID: string; passwordHash: string; now: number }): Promise<void> {
  await db
    .insertInto('users')
    .values({
      userID: user.userID,
      firstName: 'Administrador',
      lastName: 'Sistema',
      email: null,
      groupID: null,
      passwordHash: user.passwordHash,
      roleID: 1,
      active: 1,
      updatedBy: 'setup',
      updateDate: user.now,
      lockedUntil: null,
      // A temporary password: the administrator chooses their own at the first sign-in.
      mustChangePassword: 1,
    })
    .execute();
}

export function findAdministratorAccount(db: Database, userID: string) {
  return db.selectFrom('users').select('userID').where('userID', '=', userID).executeTakeFirst();
}
