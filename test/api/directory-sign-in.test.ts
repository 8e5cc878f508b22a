import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import { hashPassword } from '../../edge/src/modules/auth/password';
import { FREE_ATTEMPTS } from '../../edge/src/modules/auth/login-throttle';
import { startTestDirectory, type TestDirectory } from '../support/slapd';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * Directory sign-in (issue 17) against a real OpenLDAP slapd started by the test: with domain validation on, users
 * sign in with their directory password, the local row still decides role and activity, the group is checked with
 * nesting, the first administrator keeps a local password, and signed actions are checked the same way.
 */

const DIRECTORY_PASSWORD = {
  juan: 'juan-del-dominio',
  ana: 'ana-del-dominio',
  pedro: 'pedro-del-dominio',
  ghost: 'ghost-del-dominio',
  ines: 'ines-del-dominio',
  luis: 'luis-del-dominio',
  marta: 'marta-del-dominio',
};
const LOCAL_PASSWORD = 'contrasena-local';
const LOCAL_USERS: Array<{ userID: string; roleID: RoleId; active?: 0 }> = [
  { userID: 'juan', roleID: ROLE.OPERATOR },
  { userID: 'ana', roleID: ROLE.SUPERVISOR },
  { userID: 'pedro', roleID: ROLE.OPERATOR },
  { userID: 'ines', roleID: ROLE.OPERATOR, active: 0 },
  { userID: 'luis', roleID: ROLE.OPERATOR },
  { userID: 'marta', roleID: ROLE.ADMINISTRATOR },
];

const MESSAGES = {
  invalid: { es: 'Usuario o contraseña incorrectos.', en: 'Wrong username or password.' },
  unavailable: {
    es: 'No se pudo contactar al directorio del dominio para validar el usuario. Vuelva a intentarlo en unos minutos o avise a un administrador.',
    en: 'The domain directory could not be reached to check the user. Try again in a few minutes or tell an administrator.',
  },
  notInGroup: {
    es: 'El usuario del dominio no pertenece al grupo autorizado para ingresar.',
    en: 'The domain user is not a member of the group allowed to sign in.',
  },
  notRegistered: {
    es: 'El usuario del dominio no está dado de alta en el sistema. Pida a un administrador que lo agregue.',
    en: 'The domain user is not registered in the system. Ask an administrator to add it.',
  },
};

let directory: TestDirectory;
let t: TestEdge;

const signIn = (userid: string, password: string, language?: 'en') =>
  t.call('POST', '/api/users/authenticate', { json: { userid, password }, language });
const setParameters = async (values: Record<string, unknown>) => {
  const answer = await t.call('PUT', '/api/parameters/put/', { token: t.adminToken, json: values });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
/** The directory of the test, reached over plain LDAP, users named by their DN; no group required. */
const useTestDirectory = (extra: Record<string, unknown> = {}) =>
  setParameters({
    enableDomainValidation: true,
    domain: directory.domain,
    directoryUrl: directory.url,
    directoryBaseDN: directory.baseDN,
    directoryBindName: `uid={user},ou=people,${directory.baseDN}`,
    directoryCaFile: null,
    enableGroupValidation: false,
    group: null,
    ...extra,
  });

beforeAll(async () => {
  directory = await startTestDirectory({
    tls: true,
    users: Object.entries(DIRECTORY_PASSWORD).map(([uid, password]) => ({ uid, password })),
    groups: [
      { cn: 'oee-usuarios', members: ['juan', 'oee-supervisores', 'marta'] },
      { cn: 'oee-supervisores', members: ['jefes-de-turno'] },
      { cn: 'jefes-de-turno', members: ['ana'] },
      { cn: 'otros', members: ['pedro'] },
    ],
  });
  t = await startTestEdge();
  const db = t.edge.plant.db!;
  const passwordHash = await hashPassword(LOCAL_PASSWORD);
  for (const user of LOCAL_USERS) {
    await db
      .insertInto('users')
      .values({
        userID: user.userID,
        firstName: user.userID,
        lastName: 'Planta',
        email: null,
        groupID: null,
        passwordHash,
        roleID: user.roleID,
        active: user.active ?? 1,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
  }
  await useTestDirectory();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await directory?.close();
});

describe('directory sign-in', () => {
  it('a user signs in with the directory password, typed as user, user@domain or DOMAIN\\user; the local row gives the role', async () => {
    // A temporary password an administrator set is never a directory user's: their sign-in clears its mark.
    const db = t.edge.plant.db!;
    await db.updateTable('users').set({ mustChangePassword: 1 }).where('userID', '=', 'juan').execute();
    for (const name of ['juan', 'juan@planta.test', 'PLANTA\\juan', 'planta.test\\juan', 'JUAN@PLANTA.TEST']) {
      const answer = await signIn(name, DIRECTORY_PASSWORD.juan);
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
      expect(answer.body).toMatchObject({ userID: 'juan', roleID: ROLE.OPERATOR, mustChangePassword: false });
      expect((await t.call('POST', '/api/users/isvalid', { token: answer.body.token })).status).toBe(200);
    }
    expect(
      (await db.selectFrom('users').select('mustChangePassword').where('userID', '=', 'juan').executeTakeFirstOrThrow()).mustChangePassword,
    ).toBe(0);
  });

  it('the local password no longer works for a directory user, and a wrong password answers as an unknown name does', async () => {
    const local = await signIn('juan', LOCAL_PASSWORD);
    const unknown = await signIn('nadie', 'cualquier-cosa');
    const otherDomain = await signIn('juan@otra.test', DIRECTORY_PASSWORD.juan);
    const notAnAccount = await signIn('juan)(uid=*', DIRECTORY_PASSWORD.juan);
    for (const answer of [local, unknown, otherDomain, notAnAccount]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toBe(MESSAGES.invalid.es);
    }
    expect(local.body).toEqual(unknown.body);
    expect((await signIn('juan', LOCAL_PASSWORD, 'en')).body.error.message).toBe(MESSAGES.invalid.en);
  });

  it('a directory user with no local row is refused, and so is an inactive local row', async () => {
    const ghost = await signIn('ghost', DIRECTORY_PASSWORD.ghost);
    expect(ghost.status).toBe(401);
    expect(ghost.body.error.message).toBe(MESSAGES.notRegistered.es);
    expect((await signIn('ghost', DIRECTORY_PASSWORD.ghost, 'en')).body.error.message).toBe(MESSAGES.notRegistered.en);
    // Without the directory password, nothing tells that the name has no row.
    expect((await signIn('ghost', 'adivinando')).body.error.message).toBe(MESSAGES.invalid.es);
    const inactive = await signIn('ines', DIRECTORY_PASSWORD.ines);
    expect(inactive.status).toBe(401);
    expect(inactive.body.error.message).toBe('El usuario está inactivo.');
  });

  it('with group validation, members (also through nested groups) sign in and others are refused', async () => {
    try {
      for (const group of ['oee-usuarios', directory.groupDN('oee-usuarios')]) {
        await useTestDirectory({ enableGroupValidation: true, group });
        expect((await signIn('juan', DIRECTORY_PASSWORD.juan)).status).toBe(200);
        // ana is in jefes-de-turno, in oee-supervisores, in oee-usuarios.
        const nested = await signIn('PLANTA\\ana', DIRECTORY_PASSWORD.ana);
        expect(nested.status, nested.text).toBe(200);
        expect(nested.body.roleID).toBe(ROLE.SUPERVISOR);
        const outside = await signIn('pedro', DIRECTORY_PASSWORD.pedro);
        expect(outside.status).toBe(401);
        expect(outside.body.error.message).toBe(MESSAGES.notInGroup.es);
      }
      expect((await signIn('pedro', DIRECTORY_PASSWORD.pedro, 'en')).body.error.message).toBe(MESSAGES.notInGroup.en);
      // A wrong password says nothing about the group.
      expect((await signIn('pedro', 'adivinando')).body.error.message).toBe(MESSAGES.invalid.es);
      // A group the directory does not hold lets nobody in (but the local administrator).
      await useTestDirectory({ enableGroupValidation: true, group: 'no-existe' });
      expect((await signIn('juan', DIRECTORY_PASSWORD.juan)).body.error.message).toBe(MESSAGES.notInGroup.es);
      expect((await signIn('admin', t.adminPassword!)).status).toBe(200);
    } finally {
      await useTestDirectory();
    }
  });

  it('with the directory down, the local administrator still signs in and the others are told the directory is down', async () => {
    await directory.stop();
    try {
      const admin = await signIn('admin', t.adminPassword!);
      expect(admin.status, admin.text).toBe(200);
      expect(admin.body.roleID).toBe(ROLE.ADMINISTRATOR);
      for (const name of ['juan', 'nadie']) {
        const down = await signIn(name, DIRECTORY_PASSWORD.juan);
        expect(down.status).toBe(503);
        expect(down.body.error).toEqual({ code: 'directoryUnavailable', message: MESSAGES.unavailable.es });
      }
      expect((await signIn('juan', DIRECTORY_PASSWORD.juan, 'en')).body.error.message).toBe(MESSAGES.unavailable.en);
      // The administrator's local password is still checked.
      expect((await signIn('admin', 'no-es-la-clave')).status).toBe(401);
    } finally {
      await directory.start();
    }
    expect((await signIn('juan', DIRECTORY_PASSWORD.juan)).status).toBe(200);
  });

  it('a directory that accepts connections but never answers gives the directory-down message, not a hung sign-in', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await useTestDirectory({ directoryUrl: `ldap://127.0.0.1:${(silent.address() as { port: number }).port}` });
      const answer = await signIn('juan', DIRECTORY_PASSWORD.juan);
      expect(answer.status).toBe(503);
      expect(answer.body.error.message).toBe(MESSAGES.unavailable.es);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await useTestDirectory();
    }
  });

  it('LDAPS: signs in when the directory certificate is signed by the trusted CA file, and is refused as directory down when not', async () => {
    try {
      await useTestDirectory({ directoryUrl: directory.ldapsUrl, directoryCaFile: directory.caFile });
      expect((await signIn('juan', DIRECTORY_PASSWORD.juan)).status).toBe(200);
      await useTestDirectory({ directoryUrl: directory.ldapsUrl, directoryCaFile: null });
      const untrusted = await signIn('juan', DIRECTORY_PASSWORD.juan);
      expect(untrusted.status).toBe(503);
      expect(untrusted.body.error.message).toBe(MESSAGES.unavailable.es);
    } finally {
      await useTestDirectory();
    }
  });

  it('failed directory sign-ins count towards the lock-out delay, whichever form of the name is typed', async () => {
    const forms = ['luis', 'luis@planta.test', 'PLANTA\\luis'];
    for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt++) {
      expect((await signIn(forms[attempt % forms.length]!, 'adivinando')).status).toBe(401);
    }
    const locked = await signIn('luis', DIRECTORY_PASSWORD.luis);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/^Demasiados intentos fallidos\. Espere \d+ s/);
  });

  it('a signed action (recalculation) is verified against the directory too', async () => {
    const marta = await signIn('marta', DIRECTORY_PASSWORD.marta);
    expect(marta.status, marta.text).toBe(200);
    const recalculate = (password: string) =>
      t.call('GET', '/api/OeeIndex/RecalculateAllOrders', { token: marta.body.token, query: { username: 'PLANTA\\marta', password } });
    const signed = await recalculate(DIRECTORY_PASSWORD.marta);
    expect(signed.status, signed.text).toBe(200);
    const local = await recalculate(LOCAL_PASSWORD);
    expect(local.status).toBe(401);
    expect(local.body.error.message).toBe('Firma no válida');
    await directory.stop();
    try {
      const down = await recalculate(DIRECTORY_PASSWORD.marta);
      expect(down.status).toBe(503);
      expect(down.body.error.message).toBe(MESSAGES.unavailable.es);
    } finally {
      await directory.start();
    }
  });

  it('a directory user cannot set a local password (it would never be used)', async () => {
    const juan = await signIn('juan', DIRECTORY_PASSWORD.juan);
    const change = await t.call('POST', '/api/users/changePassword', {
      token: juan.body.token,
      json: { currentPassword: DIRECTORY_PASSWORD.juan, newPassword: 'otra-clave-nueva' },
    });
    expect(change.status).toBe(409);
    expect(change.body.error.message).toBe('Su contraseña es la del dominio: cámbiela en el dominio.');
  });

  it('refusals are logged with their reason, and no password ever reaches the log', async () => {
    await signIn('pedro', 'clave-que-no-debe-verse');
    const log = await t.call('GET', '/api/log/get', { token: t.adminToken, query: { take: 5000 } });
    expect(log.status).toBe(200);
    const text = JSON.stringify(log.body);
    expect(text).toContain('reason=auth.notRegistered');
    expect(text).toContain('reason=auth.directoryUnavailable');
    for (const secret of [...Object.values(DIRECTORY_PASSWORD), LOCAL_PASSWORD, 'clave-que-no-debe-verse'])
      expect(text).not.toContain(secret);
  });

  it('the directory settings are checked when saved', async () => {
    const put = (values: Record<string, unknown>, language?: 'en') =>
      t.call('PUT', '/api/parameters/put/', { token: t.adminToken, json: values, language });
    const badUrl = await put({ directoryUrl: 'http://dc1.planta.test' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.fields.directoryUrl).toBe(
      'La URL del directorio debe ser ldap://servidor[:puerto] o ldaps://servidor[:puerto].',
    );
    expect((await put({ directoryBindName: 'PLANTA\\usuario' }, 'en')).body.error.fields.directoryBindName).toBe(
      'The directory bind name must contain {user} (for example {user}@{domain}).',
    );
    expect((await put({ directoryCaFile: 'ca.pem' })).body.error.fields.directoryCaFile).toBe(
      'El archivo de CA del directorio debe ser una ruta absoluta.',
    );
    const stored = await t.call('GET', '/api/parameters/get/', { token: t.adminToken });
    expect(stored.body).toMatchObject({
      directoryUrl: directory.url,
      directoryBindName: `uid={user},ou=people,${directory.baseDN}`,
      directoryCaFile: null,
    });
  });
});
