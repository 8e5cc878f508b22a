import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { ROLE } from '../../domain/roles';
import type { TestEdge } from '../../../../test/support/test-edge';
import { verifyPassword } from '../auth/password';
import { expectAdministratorOnly, expectFieldError, insert, onSharedEdge, type RoleTokens } from '../../../../test/support/module-fixtures';
import { checkUserDelete, checkUserUpdate } from './users.service';

let t: TestEdge;
let tokens: RoleTokens;
onSharedEdge((edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
});

const db = () => t.edge.plant.db!;
const stored = (userID: string) => db().selectFrom('users').selectAll().where('userID', '=', userID).executeTakeFirst();
const post = (values: Record<string, unknown>, language?: 'en') =>
  t.call('POST', '/api/users', { token: t.adminToken, form: { values }, language });
const put = (key: string, values: Record<string, unknown>, token = t.adminToken) =>
  t.call('PUT', '/api/users/put', { token, form: { key, values } });
const login = (userid: string, password: string) => t.call('POST', '/api/users/authenticate', { json: { userid, password } });
const isValid = (token: string) => t.call('POST', '/api/users/isvalid', { token });
const sessionsOf = async (userID: string) =>
  (await db().selectFrom('sessions').select('userID').where('userID', '=', userID).execute()).length;

const ana = { userID: 'aperez', firstName: 'Ana', lastName: 'Pérez', email: 'ana@planta.com', password: 'clave-ana', roleID: 2 };

describe('users', () => {
  it('round trip: insert answers the stored row without the password, update keeps an absent password, list, delete', async () => {
    const group = await insert(t, '/api/notifications/groups', { name: 'Supervisores' });
    const inserted = await post({ ...ana, userID: ' aperez ', groupID: group.groupID });
    expect(inserted.status, inserted.text).toBe(200);
    expect(inserted.body).toEqual({
      userID: 'aperez',
      groupID: group.groupID,
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@planta.com',
      roleID: 2,
      active: true,
      language: 'es',
      mustChangePassword: true,
      updatedBy: 'admin',
      updateDate: expect.any(String),
    });
    const row = await stored('aperez');
    expect(await verifyPassword('clave-ana', row!.passwordHash)).toBe(true);

    const updated = await put('aperez', { lastName: 'Pérez Gil', email: '', roleID: '3', language: 'en' });
    expect(updated.body).toMatchObject({ lastName: 'Pérez Gil', email: null, roleID: 3, language: 'en' });
    // The language of the user's alerts is Spanish or English, nothing else.
    const badLanguage = await put('aperez', { language: 'fr' });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.error.fields.language).toBe('El campo idioma no es válido.');
    expect((await stored('aperez'))!.passwordHash).toBe(row!.passwordHash);
    expect((await login('aperez', 'clave-ana')).status).toBe(200);

    await post({ ...ana, userID: 'bruiz', firstName: 'Beto', password: 'clave-beto', roleID: 4, active: false });
    const list = await t.call('GET', '/api/users/get', {
      token: t.adminToken,
      query: {
        filter: [['active', '=', true], 'and', ['firstName', 'startswith', 'A']],
        sort: [{ selector: 'userID', desc: true }],
        take: 10,
        requireTotalCount: true,
      },
    });
    expect(list.body.totalCount).toBe(2); // admin (Administrador) and aperez (Ana)
    expect(list.body.data.map((u: { userID: string }) => u.userID)).toEqual(['aperez', 'admin']);

    expect((await t.call('DELETE', '/api/users/delete', { token: t.adminToken, form: { key: 'bruiz' } })).status).toBe(204);
    expect(await stored('bruiz')).toBeUndefined();
  });

  it('the password and its hash never appear in any answer', async () => {
    const answers = [
      await post({ ...ana, userID: 'cdiaz', password: 'clave-secreta-cd' }),
      await put('cdiaz', { password: 'otra-clave-secreta' }),
      await t.call('GET', '/api/users', { token: t.adminToken }),
      await t.call('GET', '/api/users/get', { token: t.adminToken, query: { filter: ['userID', '=', 'cdiaz'] } }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      // Only the mark that a password must be changed names one (a flag, no secret).
      expect(answer.text.replaceAll('"mustChangePassword":', '')).not.toMatch(/password|clave-secreta|otra-clave|scrypt/i);
    }
    // Nor can a filter or sort probe it.
    expect(
      (await t.call('GET', '/api/users', { token: t.adminToken, query: { filter: ['passwordHash', 'startswith', 'scrypt'] } })).status,
    ).toBe(400);
  });

  it('a new password ends the user’s sessions; an update without one does not', async () => {
    await post({ ...ana, userID: 'dlopez', password: 'primera-clave' });
    const session = (await login('dlopez', 'primera-clave')).body.token;
    await put('dlopez', { firstName: 'Diego' });
    expect((await isValid(session)).status).toBe(200);

    await put('dlopez', { password: 'segunda-clave' });
    expect((await isValid(session)).status).toBe(401);
    expect(await sessionsOf('dlopez')).toBe(0);
    expect((await login('dlopez', 'primera-clave')).status).toBe(401);
    expect((await login('dlopez', 'segunda-clave')).status).toBe(200);
  });

  it('deactivating a user ends their sessions and stops their login', async () => {
    await post({ ...ana, userID: 'efranco', password: 'clave-123' });
    const session = (await login('efranco', 'clave-123')).body.token;
    const deactivated = await put('efranco', { active: false });
    expect(deactivated.body.active).toBe(false);
    expect((await isValid(session)).status).toBe(401);
    expect(await sessionsOf('efranco')).toBe(0);
    expect((await login('efranco', 'clave-123')).status).toBe(401);
  });

  it('a user with open sessions can be deleted (the sessions go with it)', async () => {
    await post({ ...ana, userID: 'fgarcia', password: 'clave-123' });
    await login('fgarcia', 'clave-123');
    await login('fgarcia', 'clave-123');
    expect(await sessionsOf('fgarcia')).toBe(2);
    expect((await t.call('DELETE', '/api/users', { token: t.adminToken, form: { key: 'fgarcia' } })).status).toBe(204);
    expect(await sessionsOf('fgarcia')).toBe(0);
  });

  it("userID is required ('Debe definir un nombre de acceso para el usuario.'), at most 12, and cannot change", async () => {
    const before = await db().selectFrom('users').selectAll().execute();
    expectFieldError(await post({ ...ana, userID: undefined }), 'userID', 'Debe definir un nombre de acceso para el usuario.');
    expectFieldError(await post({ ...ana, userID: '   ' }), 'userID', 'Debe definir un nombre de acceso para el usuario.');
    expectFieldError(await post({ ...ana, userID: '' }, 'en'), 'userID', 'You must define a login name for the user.');
    expectFieldError(
      await post({ ...ana, userID: 'x'.repeat(13) }),
      'userID',
      'El campo nombre de acceso admite como máximo 12 caracteres.',
    );
    expectFieldError(await put('aperez', { userID: 'otro' }), 'userID', 'El campo nombre de acceso no se puede modificar.');
    expect(await db().selectFrom('users').selectAll().execute()).toEqual(before);
  });

  it('first and last name are required, at most 40; email must be valid; password required on insert, at most 50; role 1 to 4', async () => {
    const before = await db().selectFrom('users').selectAll().execute();
    expectFieldError(await post({ ...ana, userID: 'nuevo', firstName: '' }), 'firstName', 'El campo nombre es obligatorio.');
    expectFieldError(await post({ ...ana, userID: 'nuevo', lastName: undefined }), 'lastName', 'El campo apellido es obligatorio.');
    expectFieldError(
      await post({ ...ana, userID: 'nuevo', firstName: 'x'.repeat(41) }),
      'firstName',
      'El campo nombre admite como máximo 40 caracteres.',
    );
    expectFieldError(
      await post({ ...ana, userID: 'nuevo', lastName: 'x'.repeat(41) }, 'en'),
      'lastName',
      'The last name field accepts at most 40 characters.',
    );
    expectFieldError(await post({ ...ana, userID: 'nuevo', email: 'ana@' }), 'email', 'Debe ingresar un formato de email válido.');
    expectFieldError(await post({ ...ana, userID: 'nuevo', password: '' }), 'password', 'El campo contraseña es obligatorio.');
    expectFieldError(
      await post({ ...ana, userID: 'nuevo', password: 'x'.repeat(51) }),
      'password',
      'El campo contraseña admite como máximo 50 caracteres.',
    );
    expectFieldError(await post({ ...ana, userID: 'nuevo', roleID: undefined }), 'roleID', 'El campo rol es obligatorio.');
    expectFieldError(await post({ ...ana, userID: 'nuevo', roleID: 5 }), 'roleID', 'El campo rol debe ser como máximo 4.');
    expectFieldError(await post({ ...ana, userID: 'nuevo', roleID: 1.5 }), 'roleID', 'El campo rol no es válido.');
    expectFieldError(
      await post({ ...ana, userID: 'nuevo', groupID: 999 }),
      'groupID',
      'El campo grupo de notificación hace referencia a un registro que no existe.',
    );
    expectFieldError(await put('aperez', { email: 'sin-arroba' }), 'email', 'Debe ingresar un formato de email válido.');
    expect(await db().selectFrom('users').selectAll().execute()).toEqual(before);
  });

  it('a duplicate userID (in any letter case) is refused with 409', async () => {
    const duplicate = await post({ ...ana, userID: 'APEREZ' });
    expect(duplicate.status).toBe(409);
    expect((await stored('aperez'))!.firstName).toBe('Ana');
  });

  it('an administrator cannot delete or deactivate themself (409, nothing changes)', async () => {
    const deleted = await t.call('DELETE', '/api/users', { token: t.adminToken, form: { key: 'admin' } });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toBe('No puede eliminar su propio usuario.');
    const deactivated = await put('admin', { active: false });
    expect(deactivated.status).toBe(409);
    expect(deactivated.body.error.message).toBe('No puede desactivar su propio usuario.');
    expect(await stored('admin')).toMatchObject({ active: 1, roleID: 1 });
    expect((await isValid(t.adminToken!)).status).toBe(200);
  });

  it('the last active administrator cannot be demoted; with another one it can', async () => {
    const demoted = await put('admin', { roleID: 2 });
    expect(demoted.status).toBe(409);
    expect(demoted.body.error.message).toBe(
      'Debe quedar al menos un administrador activo: el último no se puede eliminar, desactivar ni cambiar de rol.',
    );
    expect((await stored('admin'))!.roleID).toBe(1);

    // tadmin is a second active administrator; demoting it is fine while admin remains.
    const second = await t.userWithRole(ROLE.ADMINISTRATOR);
    const byOther = await put('admin', { roleID: 2 }, second.token);
    expect(byOther.status, byOther.text).toBe(200);
    const restored = await put('admin', { roleID: 1 }, second.token);
    expect(restored.body.roleID).toBe(1);
  });

  it('the last active administrator can never be deleted, deactivated or demoted, whoever asks', async () => {
    // Through the API a caller is always an active administrator, so the rule is proved on the service directly.
    await db().updateTable('users').set({ active: 0 }).where('roleID', '=', ROLE.ADMINISTRATOR).where('userID', '!=', 'admin').execute();
    const last = (await stored('admin'))!;
    const ctx = (trx: Transaction<DB>) => ({
      trx,
      user: { userID: 'system', roleID: ROLE.ADMINISTRATOR, firstName: '', lastName: '' },
      now: 0,
      timeZone: 'UTC',
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        await expect(checkUserDelete(last, ctx(trx))).rejects.toMatchObject({ status: 409, messageKey: 'user.lastAdmin' });
        await expect(checkUserUpdate(last, { active: 0 }, ctx(trx))).rejects.toMatchObject({ status: 409, messageKey: 'user.lastAdmin' });
        await expect(checkUserUpdate(last, { roleID: 4 }, ctx(trx))).rejects.toMatchObject({ status: 409, messageKey: 'user.lastAdmin' });
        await expect(checkUserUpdate(last, { firstName: 'Otro' }, ctx(trx))).resolves.toBeUndefined();
      });
  });

  it('the grid is the administrator’s (403 other roles, 401 without a token)', async () => {
    await expectAdministratorOnly(t, tokens, 'GET', '/api/users');
    await expectAdministratorOnly(t, tokens, 'POST', '/api/users', { form: { values: { ...ana, userID: 'intruso' } } });
    await expectAdministratorOnly(t, tokens, 'PUT', '/api/users', { form: { key: 'aperez', values: { roleID: 1 } } });
    await expectAdministratorOnly(t, tokens, 'DELETE', '/api/users', { form: { key: 'aperez' } });
    expect(await stored('intruso')).toBeUndefined();
    expect((await stored('aperez'))!.roleID).toBe(3);
  });
});
