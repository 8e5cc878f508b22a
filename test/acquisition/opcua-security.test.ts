import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorNodeId } from '../../edge/src/acquisition/simulator/plant-simulator';
import { waitFor } from '../support/simulated-plant';
import { SimulatorProcess } from '../support/simulator-process';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { openSecret } from '../../edge/src/db/secrets';

/**
 * OPC UA security end to end (issue 15): the project's simulator, in its own process, requires Sign or SignAndEncrypt
 * (Basic256Sha256 and the Aes policies) and a user name and password. The edge connects with each mode once an
 * administrator has trusted the server's certificate through the API; None, a wrong password and an untrusted
 * certificate each show as a clear status instead of connecting.
 */

const USER = { userName: 'planta', password: 'clave-de-planta-1' };

let t: TestEdge;
let simulator: SimulatorProcess;
const pkiDir = mkdtempSync(join(tmpdir(), 'oee-sim-pki-'));
const serverIDs: Record<string, number> = {};

const SERVERS = {
  none: { securityMode: 'None', securityPolicy: 'None', ...USER },
  sign: { securityMode: 'Sign', securityPolicy: 'Aes128_Sha256_RsaOaep', ...USER },
  encrypt: { securityMode: 'SignAndEncrypt', securityPolicy: 'Basic256Sha256', ...USER },
  encryptPss: { securityMode: 'SignAndEncrypt', securityPolicy: 'Aes256_Sha256_RsaPss', ...USER },
  wrongPassword: {
    securityMode: 'SignAndEncrypt',
    securityPolicy: 'Basic256Sha256',
    userName: USER.userName,
    password: 'not-the-password',
  },
} as const;

async function statusOf(name: keyof typeof SERVERS): Promise<{ connected: boolean; statusInfo: string; badTagCount: number }> {
  const answer = await t.call('GET', '/api/diagnostics/opcservers', { token: t.adminToken });
  return answer.body.find((server: { opcServerID: number }) => server.opcServerID === serverIDs[name]);
}

const connectedWithValues = (name: keyof typeof SERVERS) => async () => {
  const status = await statusOf(name);
  return status?.connected && status.badTagCount === 0 ? status : undefined;
};
const statusMatching = (name: keyof typeof SERVERS, pattern: RegExp) => async () => {
  const status = await statusOf(name);
  return status && !status.connected && pattern.test(status.statusInfo) ? status : undefined;
};

beforeAll(async () => {
  [t, simulator] = await Promise.all([
    startTestEdge(),
    SimulatorProcess.start({
      lines: 1,
      port: 0,
      pkiDir,
      automatic: false,
      speeds: [0],
      security: {
        modes: ['Sign', 'SignAndEncrypt'],
        policies: ['Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'],
        users: [USER],
      },
    }),
  ]);
  for (const [name, security] of Object.entries(SERVERS)) {
    const server = await t.call('POST', '/api/opcservers', {
      token: t.adminToken,
      form: { values: { name, hostName: simulator.endpointUrl, serverType: 'UA', enabled: true, ...security } },
    });
    expect(server.status, server.text).toBe(200);
    serverIDs[name] = server.body.opcServerID;
    const tag = await t.call('POST', '/api/tags', {
      token: t.adminToken,
      form: {
        values: {
          tagName: `${name}.Running`,
          tagType: 'Boolean',
          opcServerID: server.body.opcServerID,
          tagValue: simulatorNodeId(1, 'Running'),
        },
      },
    });
    expect(tag.status, tag.text).toBe(200);
  }
}, 90_000);

afterAll(async () => {
  await simulator?.stop();
  await t?.close();
  rmSync(pkiDir, { recursive: true, force: true });
});

/** The audit rows of the certificates' trust decisions, oldest first, with before and after parsed. */
async function certificateAudit() {
  const rows = await t.edge.plant
    .db!.selectFrom('audit_log')
    .select(['entity', 'entityKey', 'action', 'userID', 'at', 'before', 'after'])
    .where('entity', '=', 'opc_certificates')
    .orderBy('auditID')
    .execute();
  return rows.map((row) => ({ ...row, before: JSON.parse(row.before!), after: JSON.parse(row.after!) }));
}

describe('OPC UA security', () => {
  it('a secured server whose certificate is not trusted shows so; once an administrator trusts it, Sign and SignAndEncrypt connect with each policy', async () => {
    await waitFor(statusMatching('sign', /certificate not trusted/i), 'the untrusted-certificate status', 60_000);
    const met = await t.call('GET', '/api/opcservers/certificates', { token: t.adminToken });
    expect(met.status).toBe(200);
    expect(met.body).toHaveLength(1);
    expect(met.body[0]).toMatchObject({ status: 'rejected', thumbprint: expect.stringMatching(/^[0-9A-F]{40}$/) });

    const trusted = await t.call('POST', '/api/opcservers/certificates/trust', {
      token: t.adminToken,
      json: { thumbprint: met.body[0].thumbprint },
    });
    expect(trusted.status, trusted.text).toBe(200);
    expect(trusted.body).toEqual([{ ...met.body[0], status: 'trusted' }]);
    // Who trusted which certificate, and when, is kept like any change a person makes.
    const { status: _metStatus, ...certificate } = met.body[0];
    expect(await certificateAudit()).toEqual([
      {
        entity: 'opc_certificates',
        entityKey: JSON.stringify({ thumbprint: certificate.thumbprint }),
        action: 'trust',
        userID: 'admin',
        at: expect.any(Number),
        before: { ...certificate, status: 'rejected' },
        after: { ...certificate, status: 'trusted' },
      },
    ]);

    for (const name of ['sign', 'encrypt', 'encryptPss'] as const)
      await waitFor(connectedWithValues(name), `${name} connected with its tag read`, 100_000);
  }, 360_000);

  it('None is refused by a server that requires security, and a wrong password by the server, each with a clear status', async () => {
    await waitFor(statusMatching('wrongPassword', /refused the user name or password/), 'the refused-credentials status', 60_000);
    const none = await waitFor(
      statusMatching('none', /offers no endpoint with security mode None and policy None/),
      'the None server refused',
    );
    expect(none.badTagCount).toBe(1);
  }, 90_000);

  it("the edge's own certificate is shown with its thumbprint and downloads as PEM and DER", async () => {
    const own = await t.call('GET', '/api/opcservers/certificate', { token: t.adminToken });
    expect(own.status).toBe(200);
    expect(own.body.pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const der = await fetch(`${t.url}/api/opcservers/certificate/download?format=der`, {
      headers: { Authorization: `Bearer ${t.adminToken}` },
    });
    expect(der.status).toBe(200);
    const bytes = Buffer.from(await der.arrayBuffer());
    expect(createHash('sha1').update(bytes).digest('hex').toUpperCase()).toBe(own.body.thumbprint);
    const pem = await t.call('GET', '/api/opcservers/certificate/download', { token: t.adminToken });
    expect(pem.text).toBe(own.body.pem);
  });

  it('the password is write-only: never returned, kept when sent blank, replaced when sent', async () => {
    const list = await t.call('GET', '/api/opcservers', { token: t.adminToken });
    const encrypt = list.body.data.find((server: { opcServerID: number }) => server.opcServerID === serverIDs.encrypt);
    expect(encrypt).toMatchObject({
      securityMode: 'SignAndEncrypt',
      securityPolicy: 'Basic256Sha256',
      userName: USER.userName,
      passwordSet: true,
    });
    expect(list.text).not.toContain(USER.password);
    expect(list.body.data.every((server: object) => !('password' in server))).toBe(true);

    // Stored sealed under the data directory's key (db/secrets.ts), opened here to compare.
    const stored = async () => {
      const row = await t.edge.plant
        .db!.selectFrom('opc_servers')
        .select('password')
        .where('opcServerID', '=', serverIDs.wrongPassword!)
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^enc:v1:/);
      return { password: openSecret(t.edge.plant.db!, row.password) };
    };
    const blank = await t.call('PUT', '/api/opcservers', {
      token: t.adminToken,
      form: { key: serverIDs.wrongPassword, values: { description: 'Clave', password: '' } },
    });
    expect(blank.status, blank.text).toBe(200);
    expect(blank.text).not.toContain('not-the-password');
    expect((await stored()).password).toBe('not-the-password');

    const replaced = await t.call('PUT', '/api/opcservers', {
      token: t.adminToken,
      form: { key: serverIDs.wrongPassword, values: { password: USER.password } },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await stored()).password).toBe(USER.password);
    // The new password is a new session: the server that refused the old one now connects.
    await waitFor(connectedWithValues('wrongPassword'), 'the server with the corrected password', 100_000);
  }, 150_000);

  it('a mode without a policy, a policy without a mode and a password without a user are refused and change nothing', async () => {
    const before = await t.call('GET', '/api/opcservers', { token: t.adminToken });
    const cases = [
      [
        { securityMode: 'Sign', securityPolicy: 'None' },
        'securityPolicy',
        'Con el modo Sign o SignAndEncrypt elija una política de seguridad.',
      ],
      [{ securityMode: 'None', securityPolicy: 'Basic256Sha256' }, 'securityPolicy', 'Con el modo de seguridad None la política es None.'],
      [{ securityMode: 'Sideways', securityPolicy: 'None' }, 'securityMode', null],
      [{ password: 'sin-usuario' }, 'userName', 'Indique el usuario de la contraseña.'],
    ] as const;
    for (const [values, field, message] of cases) {
      const refused = await t.call('POST', '/api/opcservers', {
        token: t.adminToken,
        form: { values: { name: 'Mal', hostName: simulator.endpointUrl, serverType: 'UA', ...values } },
      });
      expect(refused.status, JSON.stringify(values)).toBe(400);
      expect(refused.body.error.fields).toHaveProperty(field);
      if (message) expect(refused.body.error.fields[field]).toBe(message);
    }
    expect((await t.call('GET', '/api/opcservers', { token: t.adminToken })).body).toEqual(before.body);
  });

  it('a rejected certificate is listed as rejected, and an unknown thumbprint is a 404', async () => {
    const met = await t.call('GET', '/api/opcservers/certificates', { token: t.adminToken });
    const rejected = await t.call('POST', '/api/opcservers/certificates/reject', {
      token: t.adminToken,
      json: { thumbprint: met.body[0].thumbprint },
    });
    expect(rejected.body).toEqual([{ ...met.body[0], status: 'rejected' }]);
    const unknown = await t.call('POST', '/api/opcservers/certificates/trust', {
      token: t.adminToken,
      json: { thumbprint: '00'.repeat(20) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No hay ningún certificado de servidor con esa huella.');
    // A supervisor may not decide (403): neither that nor the unknown thumbprint leaves an audit row.
    const supervisor = await t.userWithRole(2);
    expect(
      (
        await t.call('POST', '/api/opcservers/certificates/trust', {
          token: supervisor.token,
          json: { thumbprint: met.body[0].thumbprint },
        })
      ).status,
    ).toBe(403);
    const audit = await certificateAudit();
    expect(audit.map((row) => [row.action, row.userID, row.before.status, row.after.status])).toEqual([
      ['trust', 'admin', 'rejected', 'trusted'],
      ['reject', 'admin', 'trusted', 'rejected'],
    ]);
    expect(audit[1]!.at).toBeGreaterThanOrEqual(audit[0]!.at);
  });
});
