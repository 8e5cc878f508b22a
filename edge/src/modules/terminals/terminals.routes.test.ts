import { describe, expect, it } from 'vitest';
import type { TestEdge } from '../../../../test/support/test-edge';
import {
  expectAdministratorOnly,
  expectEveryRole,
  expectFieldError,
  insert,
  sectorWithLine,
  onSharedEdge,
  type RoleTokens,
} from '../../../../test/support/module-fixtures';
import { canonicalIp } from './terminals.schemas';

let t: TestEdge;
let tokens: RoleTokens;
onSharedEdge(async (edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
  await sectorWithLine(t, 1);
  await sectorWithLine(t, 2);
});

const db = () => t.edge.plant.db!;
const terminals = () => db().selectFrom('terminals').selectAll().orderBy('terminalID').execute();
const post = (values: Record<string, unknown>, language?: 'en') =>
  t.call('POST', '/api/terminals/post/', { token: t.adminToken, form: { values }, language });

describe('terminals', () => {
  it("round trip under SPEC's spellings: post/ answers the stored row with configured user and date, list, delete/", async () => {
    const posted = await post({ lineID: 1, ipAddress: ' 10.1.1.21 ' });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toEqual({
      terminalID: expect.any(Number),
      lineID: 1,
      ipAddress: '10.1.1.21',
      updatedBy: 'admin',
      updateDate: expect.stringMatching(/^\d{4}-/),
    });
    const v6 = await insert(t, '/api/terminals', { lineID: 2, ipAddress: 'FE80:0:0:0:0:0:0:1' });
    expect(v6.ipAddress).toBe('fe80::1');

    const moved = await t.call('PUT', '/api/terminals', { token: t.adminToken, form: { key: v6.terminalID, values: { lineID: 1 } } });
    expect(moved.body).toMatchObject({ lineID: 1, ipAddress: 'fe80::1' });

    const list = await t.call('GET', '/api/terminals/get', {
      token: t.adminToken,
      query: { filter: ['lineID', '=', 1], sort: [{ selector: 'ipAddress', desc: true }], skip: 1, take: 1, requireTotalCount: true },
    });
    expect(list.body).toEqual({ data: [expect.objectContaining({ ipAddress: '10.1.1.21' })], totalCount: 2 });

    const removed = await t.call('DELETE', '/api/terminals/delete/', { token: t.adminToken, form: { key: v6.terminalID } });
    expect(removed.status).toBe(204);
    expect((await terminals()).map((x) => x.ipAddress)).toEqual(['10.1.1.21']);
  });

  it('lineID is required and must be an existing line; ipAddress is required and must be IPv4 or IPv6', async () => {
    const before = await terminals();
    expectFieldError(await post({ ipAddress: '10.1.1.30' }), 'lineID', 'El campo línea es obligatorio.');
    expectFieldError(
      await post({ lineID: 42, ipAddress: '10.1.1.30' }),
      'lineID',
      'El campo línea hace referencia a un registro que no existe.',
    );
    expectFieldError(
      await post({ lineID: 42, ipAddress: '10.1.1.30' }, 'en'),
      'lineID',
      'The line field refers to a record that does not exist.',
    );
    expectFieldError(await post({ lineID: 1 }), 'ipAddress', 'El campo dirección IP es obligatorio.');
    for (const ipAddress of ['10.1.1', '10.1.1.256', 'terminal-3', '::g']) {
      expectFieldError(await post({ lineID: 1, ipAddress }), 'ipAddress', 'Debe ingresar una dirección IP válida.');
    }
    expectFieldError(await post({ lineID: 1, ipAddress: 'x' }, 'en'), 'ipAddress', 'Enter a valid IP address.');
    expect(await terminals()).toEqual(before);
  });

  it('an address already configured is refused with 409 (also written another way)', async () => {
    const before = await terminals();
    for (const ipAddress of ['10.1.1.21', '::ffff:10.1.1.21']) {
      const duplicate = await post({ lineID: 2, ipAddress });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.fields.ipAddress).toBe('Ya existe una terminal con la dirección IP 10.1.1.21.');
    }
    const other = await insert(t, '/api/terminals', { lineID: 2, ipAddress: '10.1.1.22' });
    const clash = await t.call('PUT', '/api/terminals', {
      token: t.adminToken,
      json: { key: other.terminalID, values: { ipAddress: '10.1.1.21' } },
    });
    expect(clash.status).toBe(409);
    // Saving a terminal with its own address is not a clash.
    expect(
      (
        await t.call('PUT', '/api/terminals', {
          token: t.adminToken,
          json: { key: other.terminalID, values: { ipAddress: '10.1.1.22', lineID: 1 } },
        })
      ).status,
    ).toBe(200);
    expect((await terminals()).length).toBe(before.length + 1);
  });

  it("syncronize/0 answers every role the terminal of the caller's address, or null when there is none", async () => {
    expect((await t.call('GET', '/api/terminals/syncronize/0', { token: tokens[3] })).text).toBe('null');
    await insert(t, '/api/terminals', { lineID: 2, ipAddress: '127.0.0.1' });
    await expectEveryRole(t, tokens, 'GET', '/api/terminals/syncronize/0');
    const mine = await t.call('GET', '/api/terminals/syncronize/0', { token: tokens[3] });
    expect(mine.body).toEqual({
      terminalID: expect.any(Number),
      lineID: 2,
      ipAddress: '127.0.0.1',
      updatedBy: 'admin',
      updateDate: expect.any(String),
    });
    expect((await t.call('GET', '/api/terminals/syncronize/0')).status).toBe(401);
  });

  it("ip answers every role the caller's address as the server sees it, the form a terminal is stored in", async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/terminals/ip');
    expect((await t.call('GET', '/api/terminals/ip', { token: tokens[3] })).body).toEqual({ ipAddress: '127.0.0.1' });
    expect((await t.call('GET', '/api/terminals/ip')).status).toBe(401);
  });

  it('the grid is the administrator’s (403 other roles, 401 without a token)', async () => {
    const before = await terminals();
    await expectAdministratorOnly(t, tokens, 'GET', '/api/terminals');
    await expectAdministratorOnly(t, tokens, 'POST', '/api/terminals/post/', { form: { values: { lineID: 1, ipAddress: '10.9.9.9' } } });
    await expectAdministratorOnly(t, tokens, 'PUT', '/api/terminals', { form: { key: before[0]!.terminalID, values: { lineID: 2 } } });
    await expectAdministratorOnly(t, tokens, 'DELETE', '/api/terminals/delete/', { form: { key: before[0]!.terminalID } });
    expect(await terminals()).toEqual(before);
  });

  it('addresses are kept in the form the server sees callers in', () => {
    expect(canonicalIp('::FFFF:192.168.0.7')).toBe('192.168.0.7');
    expect(canonicalIp('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalIp(' 2001:DB8::0:1 ')).toBe('2001:db8::1');
    expect(canonicalIp('fe80::1%eth0')).toBe('fe80::1%eth0');
  });
});
