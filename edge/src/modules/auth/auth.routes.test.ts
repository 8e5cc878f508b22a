import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version as packageVersion } from '../../../../package.json';
import { startTestEdge, type TestEdge } from '../../../../test/support/test-edge';
import { hashToken, SESSION_TTL_MS } from '../../http/session';
import { resetAdministrator } from '../setup/setup.service';
import { checkCredentials } from './auth.service';
import { delayAfter, FREE_ATTEMPTS, MAX_DELAY_MS } from './login-throttle';

let t: TestEdge;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestEdge({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

describe('login and sessions', () => {
  it('answers the session user with a random token that is stored only hashed', async () => {
    const { token } = await t.userWithRole(2, 'ana');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const stored = await t.edge.plant.db!.selectFrom('sessions').select('tokenHash').where('userID', '=', 'ana').execute();
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
    const login = await t.call('POST', '/api/users/authenticate', { json: { userid: '  ana ', password: 'ana' } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ userID: 'ana', roleID: 2, firstName: 'Test' });
  });

  it('requires username and password with the spec messages, trimmed', async () => {
    const empty = await t.call('POST', '/api/users/authenticate', { json: { userid: '  ', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      userid: 'El campo nombre de usuario es obligatorio.',
      password: 'El campo contraseña es obligatorio.',
    });
    const english = await t.call('POST', '/api/users/authenticate', { json: {}, language: 'en' });
    expect(english.body.error.fields.userid).toBe('The username field is required.');
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    await t.userWithRole(3, 'luis');
    const wrong = await t.call('POST', '/api/users/authenticate', { json: { userid: 'luis', password: 'nope' } });
    const unknown = await t.call('POST', '/api/users/authenticate', { json: { userid: 'nobody', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  const signIn = (userid: string, password: string) => t.call('POST', '/api/users/authenticate', { json: { userid, password } });

  it(`after ${FREE_ATTEMPTS} wrong passwords a name waits a delay that doubles up to ${MAX_DELAY_MS / 1000} s; the owner gets in once it is over`, async () => {
    await t.userWithRole(3, 'eva');
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await signIn('eva', 'bad')).status).toBe(401);
    const waiting = await signIn('eva', 'eva');
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.message).toBe(
      `Demasiados intentos fallidos. Espere ${delayAfter(FREE_ATTEMPTS) / 1000} s y vuelva a intentarlo.`,
    );
    clock += delayAfter(FREE_ATTEMPTS);
    expect((await signIn('eva', 'bad')).status).toBe(401);
    expect((await signIn('eva', 'eva')).status).toBe(429);
    clock += delayAfter(FREE_ATTEMPTS + 1);
    expect((await signIn('eva', 'eva')).status).toBe(200);
    // A success forgets the failures.
    expect((await signIn('eva', 'bad')).status).toBe(401);
    expect((await signIn('eva', 'eva')).status).toBe(200);
    expect(delayAfter(FREE_ATTEMPTS + 20)).toBe(MAX_DELAY_MS);
  });

  it('a lock-out on a name is not renewable against its owner: guesses from elsewhere, or on this address, never stop them in their own session', async () => {
    const { token } = await t.userWithRole(2, 'lola');
    // Another address guesses at lola's name: her terminal here is not made to wait.
    for (let i = 0; i < FREE_ATTEMPTS + 3; i += 1)
      await checkCredentials(t.edge.plant.db!, 'lola', 'guess', clock, { key: 'ip:10.9.9.9', known: false });
    expect((await signIn('lola', 'lola')).status).toBe(200);
    // Guesses from this very address lock the sign-in here, yet her session signs with her password at once.
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await signIn('lola', 'guess')).status).toBe(401);
    expect((await signIn('lola', 'lola')).status).toBe(429);
    const change = await t.call('POST', '/api/users/changePassword', {
      token,
      json: { currentPassword: 'lola', newPassword: 'lola-nueva-1' },
    });
    expect(change.status, change.text).toBe(204);
    clock += MAX_DELAY_MS;
  });

  it('reset-admin, run beside the edge, clears the lock-out of admin at once', async () => {
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await signIn('admin', 'guess')).status).toBe(401);
    expect((await signIn('admin', 'guess')).status).toBe(429);
    const password = await resetAdministrator(t.edge.plant.db!, clock);
    expect((await signIn('admin', password)).status).toBe(200);
  });

  it('refuses a temporary password as a signature, changing nothing', async () => {
    const operator = await t.userWithRole(3, 'firma-op');
    await t.userWithRole(2, 'firma-temp');
    await t.edge.plant.db!.updateTable('users').set({ mustChangePassword: 1 }).where('userID', '=', 'firma-temp').execute();
    const signed = await t.call('POST', '/api/stops/recognize', {
      token: operator.token,
      json: { stopValues: [1], reasonValues: 1, username: 'firma-temp', password: 'firma-temp' },
      language: 'en',
    });
    expect(signed.status).toBe(401);
    expect(signed.body.error.message).toBe("The signer's password is temporary: it must be changed before signing.");
  });

  it('takes sign-ins as JSON only: a form post, which any web page could send, is refused unchecked', async () => {
    await t.userWithRole(3, 'formu');
    const form = await t.call('POST', '/api/users/authenticate', { form: { userid: 'formu', password: 'formu' }, language: 'en' });
    expect(form.status).toBe(415);
    expect(form.body.error.message).toBe('A sign-in is sent as JSON.');
    expect((await signIn('formu', 'formu')).status).toBe(200);
  });

  it('counts parallel wrong passwords: none slips past the count', async () => {
    await t.userWithRole(3, 'rui');
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn('rui', 'bad')));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(FREE_ATTEMPTS);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - FREE_ATTEMPTS);
    clock += MAX_DELAY_MS;
  });

  it('lets parallel sign-ins with the right password all in (the terminals of a line signing in as one user at once)', async () => {
    await t.userWithRole(3, 'ana');
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn('ana', 'ana')));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body.token)).size).toBe(12);
  });

  it('ends a session at once when its user is deactivated, though it was read a moment before', async () => {
    const { token } = await t.userWithRole(3, 'noa');
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(200);
    await t.edge.plant.db!.updateTable('users').set({ active: 0 }).where('userID', '=', 'noa').execute();
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(401);
  });

  it('answers an unknown name exactly as a known one, so the answers never tell which names exist', async () => {
    await t.userWithRole(3, 'ivo');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < FREE_ATTEMPTS + 1; i += 1) {
      known.push((await signIn('ivo', 'bad')).status);
      unknown.push((await signIn('nadie-aqui', 'bad')).status);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe(429);
    clock += MAX_DELAY_MS;
  });

  it('refuses inactive users', async () => {
    await t.userWithRole(4, 'old');
    await t.edge.plant.db!.updateTable('users').set({ active: 0 }).where('userID', '=', 'old').execute();
    const login = await t.call('POST', '/api/users/authenticate', { json: { userid: 'old', password: 'old' } });
    expect(login.status).toBe(401);
    expect(login.body.error.message).toBe('El usuario está inactivo.');
  });

  it('isvalid answers 200 for a live session and 401 without one or after logout', async () => {
    const { token } = await t.userWithRole(3, 'pia');
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(200);
    expect((await t.call('POST', '/api/users/isvalid')).status).toBe(401);
    expect((await t.call('POST', '/api/users/isvalid', { token: 'forged' })).status).toBe(401);
    expect((await t.call('POST', '/api/users/logout', { token })).status).toBe(204);
    const after = await t.call('POST', '/api/users/isvalid', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Sesión expirada, vuelva a ingresar');
  });

  it('expires a session left unused for longer than its lifetime, and extends one in use', async () => {
    const { token } = await t.userWithRole(2, 'max');
    clock += SESSION_TTL_MS - 60 * 60 * 1000;
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(200); // used: extended
    clock += SESSION_TTL_MS - 60 * 60 * 1000;
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(200);
    clock += SESSION_TTL_MS + 1;
    expect((await t.call('POST', '/api/users/isvalid', { token })).status).toBe(401);
  });
});

describe('errors and documents', () => {
  it('answers malformed JSON with 400 and an unknown API route with 404, in the error shape', async () => {
    const response = await fetch(`${t.url}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userid":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('validation');
    const missing = await t.call('GET', '/api/no/such/thing', { language: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('The route /api/no/such/thing does not exist.');
    // Outside /api too, whatever the method: JSON, never Express's HTML page.
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const outside = await t.call(method, '/login', { language: 'en' });
      expect(outside.status).toBe(404);
      expect(outside.body.error.message).toBe('The route /login does not exist.');
    }
  });

  it('serves /meta.json and an OpenAPI document that lists the routes with their roles', async () => {
    expect((await t.call('GET', '/meta.json')).body).toEqual({ version: packageVersion });
    const doc = (await t.call('GET', '/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/users/authenticate'].post.security).toEqual([]);
    expect(doc.paths['/api/log/get'].get['x-roles']).toEqual(['administrator']);
    expect(doc.paths['/api/users/authenticate'].post.requestBody).toBeDefined();
  });

  it('gives the administrator recent log entries with filter and sort, and nobody else', async () => {
    t.edge.plant.logger.warn('Line 3 is slow');
    const { token } = await t.userWithRole(2, 'sup');
    expect((await t.call('GET', '/api/log/get', { token })).status).toBe(403);
    const admin = await t.userWithRole(1, 'boss');
    const logs = await t.call('GET', '/api/log/get', {
      token: admin.token,
      query: { filter: [['level', '=', 'WARN'], 'and', ['logger', '=', 'edge']], take: 5 },
    });
    expect(logs.status).toBe(200);
    expect(logs.body.data[0]).toMatchObject({ level: 'WARN', logger: 'edge', message: 'Line 3 is slow' });
    expect(logs.body.data[0].time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
  });
});

describe('failed sign-ins per source address (FAILED_SIGNINS_PER_MINUTE)', () => {
  it('answers 429 once an address has failed that many times in a minute, whatever the names; successes do not count', async () => {
    const limited = await startTestEdge({ failedSignInsPerMinute: 3 });
    try {
      const { userID, password } = await limited.userWithRole(2, 'sol');
      for (let i = 0; i < 5; i += 1)
        expect((await limited.call('POST', '/api/users/authenticate', { json: { userid: userID, password } })).status).toBe(200);
      for (const name of ['a1', 'a2', 'a3'])
        expect((await limited.call('POST', '/api/users/authenticate', { json: { userid: name, password: 'x' } })).status).toBe(401);
      const refused = await limited.call('POST', '/api/users/authenticate', { json: { userid: userID, password }, language: 'en' });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe('Too many attempts from this address. Wait a minute and try again.');
      // Calls without a password are not sign-ins: the session goes on.
      expect((await limited.call('POST', '/api/users/isvalid', { token: limited.adminToken })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
