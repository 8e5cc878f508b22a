import { beforeAll, describe, expect, it } from 'vitest';
import type { TestEdge } from '../../../../test/support/test-edge';
import {
  expectAdministratorOnly,
  expectFieldError,
  insert,
  sectorWithLine,
  onSharedEdge,
  type RoleTokens,
} from '../../../../test/support/module-fixtures';

let t: TestEdge;
let tokens: RoleTokens;
let plant: Awaited<ReturnType<typeof sectorWithLine>>;
onSharedEdge(async (edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
  plant = await sectorWithLine(t, 5);
});

const db = () => t.edge.plant.db!;
const post = (part: string, values: Record<string, unknown>, language?: 'en') =>
  t.call('POST', `/api/notifications/${part}`, { token: t.adminToken, form: { values }, language });
const rows = (table: 'notification_groups' | 'notification_schedules' | 'notification_targets' | 'notification_watchers') =>
  db().selectFrom(table).selectAll().execute();

describe('notification groups', () => {
  it('round trip: insert answers the stored row, update, list with load options, lookup, delete', async () => {
    const group = await insert(t, '/api/notifications/groups', {
      name: ' Mantenimiento ',
      description: 'Guardia',
      email: 'guardia@planta.com',
    });
    expect(group).toEqual({
      groupID: expect.any(Number),
      name: 'Mantenimiento',
      description: 'Guardia',
      email: 'guardia@planta.com',
      enabled: true,
    });
    const other = await insert(t, '/api/notifications/groups', { name: 'Jefes', enabled: false, email: '' });
    expect(other).toMatchObject({ email: null, description: null, enabled: false });

    const updated = await t.call('PUT', '/api/notifications/groups/put', {
      token: t.adminToken,
      form: { key: other.groupID, values: { enabled: true, description: 'Jefes de turno' } },
    });
    expect(updated.body).toMatchObject({ groupID: other.groupID, name: 'Jefes', enabled: true, description: 'Jefes de turno' });

    const list = await t.call('GET', '/api/notifications/groups/get', {
      token: t.adminToken,
      query: { filter: ['name', 'contains', 'e'], sort: [{ selector: 'name' }], skip: 1, take: 5, requireTotalCount: true },
    });
    expect(list.body).toEqual({ data: [expect.objectContaining({ name: 'Mantenimiento' })], totalCount: 2 });

    const lookup = await t.call('GET', '/api/notifications/groups/lookup', { token: t.adminToken });
    expect(lookup.body).toEqual([
      { value: other.groupID, text: 'Jefes' },
      { value: group.groupID, text: 'Mantenimiento' },
    ]);

    expect((await t.call('DELETE', '/api/notifications/groups/delete', { token: t.adminToken, form: { key: other.groupID } })).status).toBe(
      204,
    );
    expect((await rows('notification_groups')).map((g) => g.groupID)).toEqual([group.groupID]);
  });

  it('name is required, at most 20; description at most 100; email must be valid', async () => {
    const before = await rows('notification_groups');
    expectFieldError(await post('groups', { name: '' }), 'name', 'El campo nombre es obligatorio.');
    expectFieldError(await post('groups', { name: 'x'.repeat(21) }), 'name', 'El campo nombre admite como máximo 20 caracteres.');
    expectFieldError(
      await post('groups', { name: 'G', description: 'x'.repeat(101) }),
      'description',
      'El campo descripción admite como máximo 100 caracteres.',
    );
    expectFieldError(await post('groups', { name: 'G', email: 'no-es-un-mail' }), 'email', 'Debe ingresar un formato de email válido.');
    expectFieldError(await post('groups', { name: 'G', email: 'bad@' }, 'en'), 'email', 'Enter a valid email format.');
    expect(await rows('notification_groups')).toEqual(before);
  });
});

describe("a group's schedules, targets and watchers", () => {
  let groupID: number;
  let otherGroupID: number;
  beforeAll(async () => {
    groupID = (await insert(t, '/api/notifications/groups', { name: 'Con partes' })).groupID;
    otherGroupID = (await insert(t, '/api/notifications/groups', { name: 'Otro' })).groupID;
  });

  it('schedules: round trip, listed by ?groupID= or by filter on groupID', async () => {
    const night = await insert(t, '/api/notifications/schedules', {
      groupID,
      startTime: '22:00',
      endTime: '06:00',
      monday: true,
      friday: 'true',
    });
    expect(night).toEqual({
      scheduleID: expect.any(Number),
      groupID,
      startTime: '22:00',
      endTime: '06:00',
      monday: true,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: true,
      saturday: false,
      sunday: false,
    });
    await insert(t, '/api/notifications/schedules', { groupID: otherGroupID, startTime: '08:00', endTime: '17:00' });
    const updated = await t.call('PUT', '/api/notifications/schedules', {
      token: t.adminToken,
      json: { key: night.scheduleID, values: { sunday: true, endTime: '05:30' } },
    });
    expect(updated.body).toMatchObject({ sunday: true, endTime: '05:30', monday: true });

    const byParam = await t.call('GET', '/api/notifications/schedules', {
      token: t.adminToken,
      query: { groupID: String(groupID), requireTotalCount: 'true' },
    });
    expect(byParam.body).toEqual({ data: [expect.objectContaining({ scheduleID: night.scheduleID })], totalCount: 1 });
    const byFilter = await t.call('GET', '/api/notifications/schedules/get', {
      token: t.adminToken,
      query: { filter: ['groupID', '=', otherGroupID] },
    });
    expect(byFilter.body.data).toEqual([expect.objectContaining({ groupID: otherGroupID, startTime: '08:00' })]);
    const both = await t.call('GET', '/api/notifications/schedules/get', {
      token: t.adminToken,
      query: { groupID: String(groupID), filter: ['startTime', '=', '08:00'] },
    });
    expect(both.body.data).toEqual([]);
    const all = await t.call('GET', '/api/notifications/schedules', {
      token: t.adminToken,
      query: { sort: [{ selector: 'startTime', desc: true }], skip: 1, take: 1 },
    });
    expect(all.body.data).toEqual([expect.objectContaining({ startTime: '08:00' })]);
    expect((await t.call('GET', '/api/notifications/schedules', { token: t.adminToken, query: { groupID: 'x' } })).status).toBe(400);

    expect((await t.call('DELETE', '/api/notifications/schedules', { token: t.adminToken, form: { key: night.scheduleID } })).status).toBe(
      204,
    );
    expect((await rows('notification_schedules')).length).toBe(1);
  });

  it('schedules: start and end are required, as HH:mm', async () => {
    const before = await rows('notification_schedules');
    expectFieldError(await post('schedules', { groupID, endTime: '06:00' }), 'startTime', 'El campo hora de inicio es obligatorio.');
    expectFieldError(await post('schedules', { groupID, startTime: '06:00' }), 'endTime', 'El campo hora de fin es obligatorio.');
    expectFieldError(
      await post('schedules', { groupID, startTime: '24:00', endTime: '06:00' }),
      'startTime',
      'El campo hora de inicio debe tener el formato HH:mm.',
    );
    expectFieldError(
      await post('schedules', { groupID, startTime: '06:00', endTime: '6' }, 'en'),
      'endTime',
      'The end time field must be in HH:mm format.',
    );
    expectFieldError(
      await post('schedules', { groupID: 9999, startTime: '06:00', endTime: '07:00' }),
      'groupID',
      'El campo grupo de notificación hace referencia a un registro que no existe.',
    );
    expect(await rows('notification_schedules')).toEqual(before);
  });

  it('targets: round trip; type (0 stops, 1 maintenance), channel (1 Telegram, 2 Email) and minutes ≥ 0 are required', async () => {
    const target = await insert(t, '/api/notifications/targets', { groupID, type: 1, channel: 1, notifyAfterMinutes: '15' });
    expect(target).toEqual({ targetID: expect.any(Number), groupID, type: 1, channel: 1, notifyAfterMinutes: 15 });
    const byEmail = await insert(t, '/api/notifications/targets', { groupID: otherGroupID, type: 0, channel: 2, notifyAfterMinutes: 30 });
    expect(byEmail).toMatchObject({ channel: 2, notifyAfterMinutes: 30 });
    const updated = await t.call('PUT', '/api/notifications/targets', {
      token: t.adminToken,
      form: { key: target.targetID, values: { type: 0, notifyAfterMinutes: 0 } },
    });
    expect(updated.body).toMatchObject({ type: 0, notifyAfterMinutes: 0 });
    const listed = await t.call('GET', '/api/notifications/targets', { token: t.adminToken, query: { groupID: String(groupID) } });
    expect(listed.body.data).toEqual([updated.body]);

    const before = await rows('notification_targets');
    expectFieldError(await post('targets', { groupID, channel: 1, notifyAfterMinutes: 5 }), 'type', 'El campo tipo es obligatorio.');
    expectFieldError(await post('targets', { groupID, type: 2, channel: 1, notifyAfterMinutes: 5 }), 'type', 'El campo tipo no es válido.');
    expectFieldError(await post('targets', { groupID, type: 0, notifyAfterMinutes: 5 }), 'channel', 'El campo canal es obligatorio.');
    expectFieldError(
      await post('targets', { groupID, type: 0, channel: 3, notifyAfterMinutes: 5 }),
      'channel',
      'El campo canal no es válido.',
    );
    expectFieldError(
      await post('targets', { groupID, type: 0, channel: 1 }),
      'notifyAfterMinutes',
      'El campo notificar después de (minutos) es obligatorio.',
    );
    expectFieldError(
      await post('targets', { groupID, type: 0, channel: 1, notifyAfterMinutes: -1 }, 'en'),
      'notifyAfterMinutes',
      'The notify after (minutes) field must be at least 0.',
    );
    expect(await rows('notification_targets')).toEqual(before);
  });

  it('watchers: round trip; a building, a sector or a line is required, and each must exist', async () => {
    const watcher = await insert(t, '/api/notifications/watchers', { groupID, lineID: plant.line.lineID });
    expect(watcher).toEqual({ watcherID: expect.any(Number), groupID, buildingId: null, sectorID: null, lineID: plant.line.lineID });
    const updated = await t.call('PUT', '/api/notifications/watchers', {
      token: t.adminToken,
      form: { key: watcher.watcherID, values: { sectorID: plant.sector.sectorID } },
    });
    expect(updated.body).toMatchObject({ sectorID: plant.sector.sectorID, lineID: plant.line.lineID });
    const listed = await t.call('GET', '/api/notifications/watchers/get', {
      token: t.adminToken,
      query: { filter: ['groupID', '=', groupID], requireTotalCount: true },
    });
    expect(listed.body.totalCount).toBe(1);

    const before = await rows('notification_watchers');
    expectFieldError(await post('watchers', { groupID }), 'buildingId', 'Debe seleccionar un edificio, un sector o una línea.');
    expectFieldError(
      await post('watchers', { groupID, buildingId: null, sectorID: '', lineID: null }, 'en'),
      'buildingId',
      'Select a building, a sector or a line.',
    );
    expectFieldError(
      await post('watchers', { groupID, lineID: 77 }),
      'lineID',
      'El campo línea hace referencia a un registro que no existe.',
    );
    expect(await rows('notification_watchers')).toEqual(before);
  });

  it('a group that still has schedules, targets, watchers or users cannot be deleted (409)', async () => {
    const refused = await t.call('DELETE', '/api/notifications/groups', { token: t.adminToken, form: { key: groupID } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('No se puede eliminar el grupo: todavía tiene horarios, destinos, observadores o usuarios.');

    const onlyUsers = (await insert(t, '/api/notifications/groups', { name: 'Solo usuarios' })).groupID;
    await insert(t, '/api/users', {
      userID: 'jgomez',
      firstName: 'Juan',
      lastName: 'Gómez',
      password: 'secreta-1',
      roleID: 3,
      groupID: onlyUsers,
    });
    const withUser = await t.call('DELETE', '/api/notifications/groups', { token: t.adminToken, form: { key: onlyUsers }, language: 'en' });
    expect(withUser.status).toBe(409);
    expect(withUser.body.error.message).toBe('Cannot delete the group: it still has schedules, targets, watchers or users.');
    expect((await rows('notification_groups')).map((g) => g.groupID)).toEqual(expect.arrayContaining([groupID, onlyUsers]));
  });

  it('everything is the administrator’s: reads, writes and the lookup (403 other roles, 401 without a token)', async () => {
    await expectAdministratorOnly(t, tokens, 'GET', '/api/notifications/groups/lookup');
    for (const part of ['groups', 'schedules', 'targets', 'watchers']) {
      const path = `/api/notifications/${part}`;
      await expectAdministratorOnly(t, tokens, 'GET', path);
      await expectAdministratorOnly(t, tokens, 'POST', path, {
        form: {
          values: {
            name: 'X',
            groupID,
            startTime: '01:00',
            endTime: '02:00',
            type: 0,
            channel: 1,
            notifyAfterMinutes: 1,
            lineID: plant.line.lineID,
          },
        },
      });
      await expectAdministratorOnly(t, tokens, 'PUT', path, { form: { key: 1, values: { name: 'X' } } });
      await expectAdministratorOnly(t, tokens, 'DELETE', path, { form: { key: 1 } });
    }
    expect((await rows('notification_groups')).some((g) => g.name === 'X')).toBe(false);
  });
});
