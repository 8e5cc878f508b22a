import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine, SettingsError, type Settings } from '../../edge/src/config';
import { hashPassword } from '../../edge/src/modules/auth/password';
import { expectFieldError } from '../support/module-fixtures';
import { startEdge } from '../../edge/src/server';
import { bundledEntry, ROOT } from '../support/bundled-entry';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { childEnv } from '../support/bundled-entry';

/**
 * Issue 15, "Sign-in and sessions" and "Closed to outsiders": the password rules wherever a password is set, the
 * temporary administrator password changed at the first sign-in, `oee-edge reset-admin`, and optional HTTPS.
 */
const RULES_ES = 'La contraseña debe tener al menos 8 caracteres y no puede empezar ni terminar con espacios.';
const RULES_EN = 'The password must have at least 8 characters and cannot start or end with blanks.';
const CHANGE_DUE = 'Debe cambiar su contraseña temporal antes de continuar.';

const edges: TestEdge[] = [];
afterAll(async () => {
  for (const edge of edges) await edge.close();
});

async function edge(options: Parameters<typeof startTestEdge>[0] = {}): Promise<TestEdge> {
  const started = await startTestEdge(options);
  edges.push(started);
  return started;
}

/** One edge for the tests that need no fresh setup (the reset-admin test, which ends admin's sessions, comes last). */
let shared: TestEdge;
beforeAll(async () => {
  shared = await edge();
});

const login = (t: TestEdge, userid: string, password: string) => t.call('POST', '/api/users/authenticate', { json: { userid, password } });
const changePassword = (t: TestEdge, token: string, currentPassword: string, newPassword: string, language?: 'en') =>
  t.call('POST', '/api/users/changePassword', { token, json: { currentPassword, newPassword }, language });
const users = (t: TestEdge) => t.edge.plant.db!.selectFrom('users').selectAll().orderBy('userID').execute();

describe('password rules', () => {
  it('8 to 50 characters with no blank at either end, one message (es, en), on users insert and update; nothing changes', async () => {
    const t = shared;
    const post = (password: string, language?: 'en', userID = 'nuevo') =>
      t.call('POST', '/api/users', {
        token: t.adminToken,
        language,
        form: { values: { userID, firstName: 'N', lastName: 'U', password, roleID: 3 } },
      });
    const put = (password: string) =>
      t.call('PUT', '/api/users', { token: t.adminToken, form: { key: 'existente', values: { password } } });
    expect((await post('clave-existente', undefined, 'existente')).status).toBe(200);
    const before = await users(t);
    for (const bad of [
      'x',
      'corta12',
      ' empieza-con-blanco',
      'termina-con-blanco ',
      '\ttabulado-al-inicio',
      ' '.repeat(10),
      '\u2028'.repeat(9),
    ]) {
      expectFieldError(await post(bad), 'password', RULES_ES);
      expectFieldError(await put(bad), 'password', RULES_ES);
    }
    expectFieldError(await post('1234567', 'en'), 'password', RULES_EN);
    expect(await users(t)).toEqual(before);

    // Exactly 8, and blanks inside, are fine.
    expect((await post('12345678')).status).toBe(200);
    expect((await put('una clave con espacios')).status).toBe(200);
    expect((await login(t, 'nuevo', '12345678')).status).toBe(200);
    expect((await login(t, 'existente', 'una clave con espacios')).status).toBe(200);
  });

  it('a password stored before the rules (shorter than 8) still signs in', async () => {
    const t = shared;
    await t.edge.plant
      .db!.insertInto('users')
      .values({
        userID: 'antiguo',
        firstName: 'A',
        lastName: 'B',
        email: null,
        groupID: null,
        passwordHash: await hashPassword('abc'),
        roleID: 2,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    const signedIn = await login(t, 'antiguo', 'abc');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.mustChangePassword).toBe(false);
  });
});

describe('the first sign-in after setup', () => {
  it('the temporary password signs in with a change due; every other call answers 403 until it is changed', async () => {
    const t = await edge({ configured: false });
    const temporary = (await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite' } })).body.password as string;
    const first = await login(t, 'admin', temporary);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ userID: 'admin', roleID: 1, mustChangePassword: true });
    const token = first.body.token as string;
    const other = (await login(t, 'admin', temporary)).body.token as string;

    const refused = await t.call('GET', '/api/sectors', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: CHANGE_DUE });
    expect(
      (await t.call('POST', '/api/sectors', { token, form: { values: { sectorName: 'X' } }, language: 'en' })).body.error.message,
    ).toBe('You must change your temporary password before continuing.');
    expect((await t.call('GET', '/api/users', { token })).status).toBe(403);
    expect((await t.call('POST', '/api/users/isvalid', { token })).body).toMatchObject({ valid: true, mustChangePassword: true });

    // Signed with the current password; the new one follows the rules and differs from it.
    expectFieldError(
      await changePassword(t, token, 'no-es-esta', 'nueva-clave-1'),
      'currentPassword',
      'La contraseña actual no es correcta.',
    );
    expectFieldError(
      await changePassword(t, token, temporary, temporary),
      'newPassword',
      'La nueva contraseña debe ser distinta de la actual.',
    );
    expectFieldError(await changePassword(t, token, temporary, 'corta', 'en'), 'newPassword', RULES_EN);
    expect((await login(t, 'admin', temporary)).body.mustChangePassword).toBe(true);

    expect((await changePassword(t, token, temporary, 'nueva-clave-1')).status).toBe(204);
    expect((await t.call('GET', '/api/sectors', { token })).status).toBe(200);
    expect((await t.call('POST', '/api/users/isvalid', { token })).body.mustChangePassword).toBe(false);
    // The other sessions opened with the temporary password end; the temporary password no longer signs in.
    expect((await t.call('POST', '/api/users/isvalid', { token: other })).status).toBe(401);
    expect((await login(t, 'admin', temporary)).status).toBe(401);
    const again = await login(t, 'admin', 'nueva-clave-1');
    expect(again.body.mustChangePassword).toBe(false);
  });

  it('every user changes their own password (not marked: nothing else is refused before)', async () => {
    const t = shared;
    const operator = await t.userWithRole(3);
    expect((await t.call('POST', '/api/users/isvalid', { token: operator.token })).body.mustChangePassword).toBe(false);
    expect((await changePassword(t, operator.token, operator.password, 'operador-2026')).status).toBe(204);
    expect((await login(t, operator.userID, operator.password)).status).toBe(401);
    expect((await login(t, operator.userID, 'operador-2026')).status).toBe(200);
    expect(
      (await t.call('POST', '/api/users/changePassword', { json: { currentPassword: 'x', newPassword: 'operador-2027' } })).status,
    ).toBe(401);
  });
});

describe('a password an administrator sets', () => {
  it("is temporary for the user it is set for: changed at their next sign-in, cleared by their own change; the administrator's own is not", async () => {
    const t = await edge();
    const userRow = async (userID: string) =>
      (await t.call('GET', '/api/users', { token: t.adminToken, query: { filter: [['userID', '=', userID]] } })).body.data[0];
    const created = await t.call('POST', '/api/users', {
      token: t.adminToken,
      form: { values: { userID: 'temporal', firstName: 'T', lastName: 'P', password: 'dada-por-admin', roleID: 2 } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.mustChangePassword).toBe(true);

    const first = await login(t, 'temporal', 'dada-por-admin');
    expect(first.body.mustChangePassword).toBe(true);
    const refused = await t.call('GET', '/api/sectors/lookup', { token: first.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(CHANGE_DUE);
    expect((await changePassword(t, first.body.token, 'dada-por-admin', 'elegida-por-mi')).status).toBe(204);
    expect((await t.call('GET', '/api/sectors/lookup', { token: first.body.token })).status).toBe(200);
    expect((await login(t, 'temporal', 'elegida-por-mi')).body.mustChangePassword).toBe(false);
    expect((await userRow('temporal')).mustChangePassword).toBe(false);

    // An edit without a password keeps the mark as it is, and the grid cannot set or clear it by itself.
    expect(
      (
        await t.call('PUT', '/api/users', {
          token: t.adminToken,
          form: { key: 'temporal', values: { lastName: 'Q', mustChangePassword: true } },
        })
      ).body.mustChangePassword,
    ).toBe(false);
    // A new password from the administrator (the user forgot theirs) is temporary again, and ends the user's sessions.
    const reset = await t.call('PUT', '/api/users', {
      token: t.adminToken,
      form: { key: 'temporal', values: { password: 'otra-dada-por-admin' } },
    });
    expect(reset.body.mustChangePassword).toBe(true);
    expect((await t.call('POST', '/api/users/isvalid', { token: first.body.token })).status).toBe(401);
    expect((await login(t, 'temporal', 'otra-dada-por-admin')).body.mustChangePassword).toBe(true);
    expect(
      (await t.call('PUT', '/api/users', { token: t.adminToken, form: { key: 'temporal', values: { mustChangePassword: false } } })).body
        .mustChangePassword,
    ).toBe(true);

    // The administrator's own password set through the grid is theirs: not temporary.
    const own = await t.call('PUT', '/api/users', {
      token: t.adminToken,
      form: { key: 'admin', values: { password: 'mi-clave-de-admin' } },
    });
    expect(own.body.mustChangePassword).toBe(false);
    expect((await login(t, 'admin', 'mi-clave-de-admin')).body.mustChangePassword).toBe(false);
  });
});

describe('guessing through a change of password', () => {
  it('wrong current passwords count toward FAILED_SIGNINS_PER_MINUTE like failed sign-ins', async () => {
    const t = await edge({ failedSignInsPerMinute: 2 });
    for (let i = 0; i < 2; i += 1) expect((await changePassword(t, t.adminToken!, `adivinanza-${i}`, 'otra-clave-1')).status).toBe(400);
    const limited = await changePassword(t, t.adminToken!, t.adminPassword!, 'otra-clave-1');
    expect(limited.status).toBe(429);
    expect((await login(t, 'admin', t.adminPassword!)).status).toBe(429);
  });
});

describe('oee-edge reset-admin', () => {
  it('gives admin a new temporary password, printed once, to be changed at the next sign-in; the old one stops working', async () => {
    // Run beside the serving edge, as an administrator would on the plant's PC.
    const t = shared;
    const entry = await bundledEntry('edge/src/main.ts');
    const child = fork(entry, ['reset-admin', '--data-dir', t.dataDir, '--log-level', 'silent'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const printed = /: ([A-Za-z0-9]{12})$/m.exec(output)?.[1];
    expect(printed, output).toBeDefined();

    // The open session ended with the reset; the old password no longer signs in; the printed one must be changed.
    expect((await t.call('POST', '/api/users/isvalid', { token: t.adminToken })).status).toBe(401);
    expect((await login(t, 'admin', t.adminPassword!)).status).toBe(401);
    const token = (await login(t, 'admin', printed!)).body.token as string;
    expect((await t.call('GET', '/api/sectors', { token })).status).toBe(403);
    expect((await changePassword(t, token, printed!, 'recuperada-1')).status).toBe(204);
    expect((await t.call('GET', '/api/sectors', { token })).status).toBe(200);
  });
});

describe('HTTPS', () => {
  it('TLS_CERT_FILE and TLS_KEY_FILE go together', () => {
    expect(() => parseCommandLine([], { TLS_CERT_FILE: '/etc/oee/cert.pem' })).toThrow(SettingsError);
    expect(() => parseCommandLine([], { TLS_KEY_FILE: '/etc/oee/key.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    const { settings } = parseCommandLine([], { TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem' }) as { settings: Settings };
    expect(settings.tlsCertFile).toBe(join(process.cwd(), 'cert.pem'));
  });

  it('with a certificate and key the edge serves HTTPS only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oee-tls-'));
    try {
      const cert = join(dir, 'cert.pem');
      const key = join(dir, 'key.pem');
      // A self-signed certificate for 127.0.0.1, made for this test (Debian's openssl).
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore', env: childEnv() },
      );
      const settings: Settings = Object.freeze({
        command: 'serve',
        port: 0,
        host: '127.0.0.1',
        dataDir: join(dir, 'data'),
        timeZone: 'UTC',
        logLevel: 'silent',
        args: [],
        failedSignInsPerMinute: 30,
        tlsCertFile: cert,
        tlsKeyFile: key,
      });
      const running = await startEdge({ settings, stdout: false });
      try {
        expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = httpsRequest(`${running.url}/api/setup/information`, { ca: readFileSync(cert) }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          });
          request.once('error', reject);
          request.end();
        });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ setupPending: true });
        // Plain HTTP on the same port gets no answer.
        const plain = new Promise((resolve, reject) =>
          httpGet(`${running.url.replace('https:', 'http:')}/api/setup/information`, resolve).once('error', reject),
        );
        await expect(plain).rejects.toThrow();
      } finally {
        await running.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
