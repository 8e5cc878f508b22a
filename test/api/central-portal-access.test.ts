import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSessionToken, SESSION_TTL_MS } from '../../edge/src/http/session';
import { FREE_ATTEMPTS } from '../../edge/src/modules/auth/login-throttle';
import { insertSession } from '../../portal/portal-users.repository';
import { startPortal, type RunningPortal } from '../../portal/portal-server';
import { portalRolesOf } from '../../portal/portal.routes';
import { PORTAL_ROLE, PORTAL_ROLE_NAMES } from '../../portal/portal.schemas';
import { portalSettings, startFedPortal, type FedPortal } from '../support/portal-fixture';
import { accessFailures, type AccessCall } from '../support/access-check';
import { documentedOperations, fuzzOperations, type FuzzCaller } from '../support/openapi-fuzz';
import { startTestDirectory, type TestDirectory } from '../support/slapd';
import { callEdge, completeFirstSignIn, type CallOptions } from '../support/test-edge';

/**
 * Who may do what on the central portal (issue 18), on one real PostgreSQL fed by two edges and one OpenLDAP slapd:
 *
 * - directory sign-in, on a second portal over the same database started with DIRECTORY_… settings (LDAPS with the
 *   test's CA, a required group): the edge's rules through the edge's code (auth.service checkSignIn);
 * - every declared route called without a session and as analyst, administrator and a user whose password must be
 *   changed, with the access its declaration gives (portalRolesOf, beforePasswordChange);
 * - the read-only guarantee: every write the portal does not declare is answered 405 and changes nothing;
 * - the OpenAPI fuzz of the edge (test/support/openapi-fuzz.ts) over the portal's /api/openapi.json.
 */

const DIRECTORY_PASSWORD = {
  juan: 'juan-del-dominio',
  marta: 'marta-del-dominio',
  ghost: 'ghost-del-dominio',
  ines: 'ines-del-dominio',
  luis: 'luis-del-dominio',
  pedro: 'pedro-del-dominio',
};
/** The temporary password the administrator gives users it creates (never used by a directory user). */
const TEMPORARY = 'temporal-local-1';
const MESSAGES = {
  invalid: 'Usuario o contraseña incorrectos.',
  notRegistered: 'El usuario del dominio no está dado de alta en el sistema. Pida a un administrador que lo agregue.',
  notInGroup: 'El usuario del dominio no pertenece al grupo autorizado para ingresar.',
  unavailable: {
    es: 'No se pudo contactar al directorio del dominio para validar el usuario. Vuelva a intentarlo en unos minutos o avise a un administrador.',
    en: 'The domain directory could not be reached to check the user. Try again in a few minutes or tell an administrator.',
  },
};

let fed: FedPortal;
let directory: TestDirectory;
/** The portal over the same database with the directory configured. */
let withDirectory: RunningPortal;
let admin: { token: string; password: string };
let tokens: { analyst: string; mustChange: string };

const call = (portal: RunningPortal, method: string, path: string, options?: CallOptions) => callEdge(portal.url, method, path, options);
const signIn = (portal: RunningPortal, userid: string, password: string, language?: 'en') =>
  call(portal, 'POST', '/api/users/authenticate', { json: { userid, password }, language });

async function addUser(userID: string, roleID: number, active = true): Promise<void> {
  const answer = await call(fed.portal, 'POST', '/api/portal/users', {
    token: admin.token,
    json: { values: { userID, firstName: userID, roleID, active, password: TEMPORARY } },
  });
  expect(answer.status, answer.text).toBe(200);
}

/** A session of its own for `userID` (logging out ends the session it is called with). */
async function throwAwaySession(portal: RunningPortal, userID: string): Promise<string> {
  const { token, tokenHash } = newSessionToken();
  await insertSession(portal.db, { tokenHash, userID, now: Date.now(), expiresAt: Date.now() + SESSION_TTL_MS, ip: '127.0.0.1' });
  return token;
}

/**
 * A digest per table of the central copy and of the portal's users and sessions (of these only token and user: a
 * session's sliding expiry moves with its use), in one statement.
 */
async function centralDigest(): Promise<Map<string, string>> {
  const { rows: tables } = await sql<{
    schema: string;
    name: string;
  }>`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_schema IN ('oee', 'portal') AND table_type = 'BASE TABLE' ORDER BY 1, 2`.execute(fed.portal.db);
  const parts = tables.map(({ schema, name }) => {
    const row = schema === 'portal' && name === 'sessions' ? sql`(t.token_hash, t.user_id)::text` : sql`t::text`;
    return sql`SELECT ${`${schema}.${name}`}::text AS name, coalesce(string_agg(${row}, '|' ORDER BY ${row}), '') AS rows FROM ${sql.table(`${schema}.${name}`)} t`;
  });
  const { rows } = await sql<{ name: string; rows: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(fed.portal.db);
  return new Map(rows.map((row) => [row.name, createHash('sha256').update(row.rows).digest('hex')]));
}

beforeAll(async () => {
  [directory, fed] = await Promise.all([
    startTestDirectory({
      tls: true,
      users: Object.entries(DIRECTORY_PASSWORD).map(([uid, password]) => ({ uid, password })),
      groups: [
        { cn: 'oee-analistas', members: ['juan', 'jefes', 'luis', 'ines'] },
        { cn: 'jefes', members: ['marta'] },
        { cn: 'otros', members: ['pedro'] },
      ],
    }),
    startFedPortal({ hours: 2 }),
  ]);
  admin = await completeFirstSignIn(fed.portal.url, fed.portal.firstPassword!);
  // ana and nuevo sign in with their own passwords; the others are the directory's users, each created with a
  // temporary local password as the users page does.
  await Promise.all([
    ...['ana', 'nuevo', 'juan', 'luis', 'pedro'].map((userID) => addUser(userID, PORTAL_ROLE.ANALYST)),
    addUser('marta', PORTAL_ROLE.ADMINISTRATOR),
    addUser('ines', PORTAL_ROLE.ANALYST, false),
  ]);
  const [ana, nuevo] = await Promise.all([signIn(fed.portal, 'ana', TEMPORARY), signIn(fed.portal, 'nuevo', TEMPORARY)]);
  expect(nuevo.body.mustChangePassword).toBe(true);
  expect(
    (
      await call(fed.portal, 'POST', '/api/users/changePassword', {
        token: ana.body.token,
        json: { currentPassword: TEMPORARY, newPassword: 'propia-de-ana' },
      })
    ).status,
  ).toBe(204);
  tokens = { analyst: ana.body.token, mustChange: nuevo.body.token };

  withDirectory = await startPortal({
    stdout: false,
    settings: portalSettings(fed.postgres.url, {
      DIRECTORY_DOMAIN: directory.domain,
      DIRECTORY_URL: directory.ldapsUrl!,
      DIRECTORY_BASE_DN: directory.baseDN,
      DIRECTORY_BIND_NAME: `uid={user},ou=people,${directory.baseDN}`,
      DIRECTORY_CA_FILE: directory.caFile!,
      DIRECTORY_GROUP: 'oee-analistas',
    }),
  });
}, 240_000);

afterAll(async () => {
  await withDirectory?.close();
  await fed?.close();
  await directory?.close();
});

describe('directory sign-in on the central portal', () => {
  it('signs users in with the directory password (LDAPS, nested group), typed in any form; the local row gives the role', async () => {
    expect(withDirectory.firstPassword).toBeNull();
    for (const name of ['juan', 'PLANTA\\juan', 'juan@planta.test']) {
      const answer = await signIn(withDirectory, name, DIRECTORY_PASSWORD.juan);
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
      // Created with a temporary local password, which a directory user never uses: nothing to change.
      expect(answer.body).toMatchObject({ userID: 'juan', roleID: PORTAL_ROLE.ANALYST, mustChangePassword: false });
      expect((await call(withDirectory, 'GET', '/api/portal/plants', { token: answer.body.token })).status).toBe(200);
    }
    // marta is in jefes, in oee-analistas; her row makes her an administrator.
    const marta = await signIn(withDirectory, 'marta', DIRECTORY_PASSWORD.marta);
    expect(marta.body.roleID).toBe(PORTAL_ROLE.ADMINISTRATOR);
    expect((await call(withDirectory, 'GET', '/api/portal/users', { token: marta.body.token })).status).toBe(200);
    // The portal without the directory still knows only local passwords.
    expect((await signIn(fed.portal, 'juan', DIRECTORY_PASSWORD.juan)).status).toBe(401);
  });

  it('a wrong or local password answers as an unknown name; only the right directory password learns more', async () => {
    const refusals = await Promise.all([
      signIn(withDirectory, 'pedro', TEMPORARY),
      signIn(withDirectory, 'nadie', 'cualquier-cosa'),
      signIn(withDirectory, 'ghost', 'adivinando'),
    ]);
    for (const answer of refusals) expect(answer.body).toEqual({ error: { code: 'unauthorized', message: MESSAGES.invalid } });
    expect((await signIn(withDirectory, 'ghost', DIRECTORY_PASSWORD.ghost)).body.error.message).toBe(MESSAGES.notRegistered);
    expect((await signIn(withDirectory, 'ines', DIRECTORY_PASSWORD.ines)).body.error.message).toBe('El usuario está inactivo.');
    expect((await signIn(withDirectory, 'pedro', DIRECTORY_PASSWORD.pedro)).body.error.message).toBe(MESSAGES.notInGroup);
  });

  it('admin keeps its local password, also with the directory down; the others are told the directory is down', async () => {
    expect((await signIn(withDirectory, 'admin', admin.password)).status).toBe(200);
    await directory.stop();
    try {
      const local = await signIn(withDirectory, 'admin', admin.password);
      expect(local.status, local.text).toBe(200);
      expect(local.body.roleID).toBe(PORTAL_ROLE.ADMINISTRATOR);
      expect((await signIn(withDirectory, 'admin', 'no-es-la-clave')).status).toBe(401);
      const down = await signIn(withDirectory, 'juan', DIRECTORY_PASSWORD.juan);
      expect(down.status).toBe(503);
      expect(down.body.error).toEqual({ code: 'directoryUnavailable', message: MESSAGES.unavailable.es });
      expect((await signIn(withDirectory, 'nadie', 'x', 'en')).body.error.message).toBe(MESSAGES.unavailable.en);
    } finally {
      await directory.start();
    }
  });

  it('failed directory sign-ins count toward the lock-out delay, whichever form of the name is typed', async () => {
    const forms = ['luis', 'luis@planta.test', 'PLANTA\\luis'];
    for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt++)
      expect((await signIn(withDirectory, forms[attempt % forms.length]!, 'adivinando')).status).toBe(401);
    const locked = await signIn(withDirectory, 'luis', DIRECTORY_PASSWORD.luis);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/^Demasiados intentos fallidos\. Espere \d+ s/);
  });

  it('a directory user changes the password in the directory, not here', async () => {
    const juan = await signIn(withDirectory, 'juan', DIRECTORY_PASSWORD.juan);
    const change = await call(withDirectory, 'POST', '/api/users/changePassword', {
      token: juan.body.token,
      json: { currentPassword: DIRECTORY_PASSWORD.juan, newPassword: 'otra-clave-nueva' },
    });
    expect(change.status).toBe(409);
    expect(change.body.error.message).toBe('Su contraseña es la del dominio: cámbiela en el dominio.');
  });
});

describe("the central portal's permissions", () => {
  it('every declared route: 401 without a session unless public, 403 to a role it does not admit and before a due password change', async () => {
    const callers = [
      { name: 'analyst', userID: 'ana', role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ANALYST], token: tokens.analyst, passwordDue: false },
      {
        name: 'administrator',
        userID: 'admin',
        role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ADMINISTRATOR],
        token: admin.token,
        passwordDue: false,
      },
      { name: 'password due', userID: 'nuevo', role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ANALYST], token: tokens.mustChange, passwordDue: true },
    ];
    const calls: AccessCall[] = fed.portal.api.routes.flatMap(({ spec, paths }) =>
      paths.flatMap((path) => {
        const route = { method: spec.method.toUpperCase(), path };
        const roles = portalRolesOf(spec.access);
        return [
          { ...route, caller: 'no session', allowed: roles === 'public', token: null },
          ...callers.map((caller): AccessCall => ({
            ...route,
            caller: caller.name,
            allowed: roles === 'public' || (roles.includes(caller.role) && (!caller.passwordDue || spec.beforePasswordChange === true)),
            token: path.endsWith('/logout') ? () => throwAwaySession(fed.portal, caller.userID) : caller.token,
          })),
        ];
      }),
    );
    expect(calls.length).toBeGreaterThan(60);
    expect(await accessFailures(fed.portal.url, calls)).toEqual([]);
  }, 120_000);

  it('answers every write it does not declare with 405, to anyone, and changes nothing', async () => {
    const declared = new Set(
      fed.portal.api.routes.flatMap(({ spec, paths }) => paths.map((path) => `${spec.method.toUpperCase()} ${path}`)),
    );
    const edgeWrites = [
      '/api/stops',
      '/api/orders',
      '/api/oeeindex/put',
      '/api/shiftindexes',
      '/api/parameters/put',
      '/api/users',
      '/api/portal/plants/1',
      '/api/portal',
    ];
    const paths = [...new Set([...fed.portal.api.routes.flatMap((route) => route.paths), ...edgeWrites])];
    const before = await centralDigest();
    const failures: string[] = [];
    let calls = 0;
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        if (declared.has(`${method} ${path}`)) continue;
        for (const token of [undefined, admin.token]) {
          const answer = await call(fed.portal, method, path, { token, json: { key: 'admin', values: { active: false, roleID: 2 } } });
          calls++;
          if (answer.status !== 405 || answer.body?.error?.code !== 'readOnly')
            failures.push(`${method} ${path}${token ? ' as administrator' : ''} → ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    expect(await centralDigest()).toEqual(before);
  });
});

describe("fuzzing every route of the portal's /api/openapi.json", () => {
  it('no input, role or missing session gets a 500; every refusal is the error shape and changes nothing', async () => {
    const documented = await documentedOperations(fed.portal.url);
    expect(documented.length).toBeGreaterThan(15);
    const callers: (FuzzCaller & { userID: string | null })[] = [
      { name: 'no session', role: null, userID: null, token: null },
      { name: 'analyst', role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ANALYST], userID: 'ana', token: tokens.analyst },
      { name: 'administrator', role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ADMINISTRATOR], userID: 'admin', token: admin.token },
      { name: 'password due', role: PORTAL_ROLE_NAMES[PORTAL_ROLE.ANALYST], userID: 'nuevo', token: tokens.mustChange },
    ];
    const { failures, calls, refusals } = await fuzzOperations({
      url: fed.portal.url,
      operations: documented,
      callers,
      seed: 1818,
      runsAdmitted: 3,
      runsRefused: 1,
      digest: centralDigest,
      tokenFor: async (operation, caller) => {
        const userID = callers.find((known) => known.name === caller.name)?.userID;
        return operation.path === '/api/users/logout' && userID ? throwAwaySession(fed.portal, userID) : undefined;
      },
    });
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(calls / 2);
    expect(refusals).toBeLessThan(calls);
    // A hang guard only.
  }, 180_000);
});
