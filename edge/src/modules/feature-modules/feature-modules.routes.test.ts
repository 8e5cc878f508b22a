import { describe, expect, it } from 'vitest';
import type { TestEdge } from '../../../../test/support/test-edge';
import { insert, onSharedEdge, type RoleTokens } from '../../../../test/support/module-fixtures';
import { ROLE } from '../../domain/roles';

let t: TestEdge;
let tokens: RoleTokens;
onSharedEdge(async (edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
  const { sectorID } = await insert(t, '/api/sectors', { sectorName: 'Envasado' });
  const line = (lineID: number, flags: Record<string, boolean>) =>
    t.edge.plant
      .db!.insertInto('lines')
      .values({
        lineID,
        sectorID,
        description: `Línea ${lineID}`,
        calculationBaliza: null,
        calculationUnits: null,
        calculationDiscards: null,
        fixedThroughput: null,
        ...Object.fromEntries(Object.entries(flags).map(([name, on]) => [name, on ? 1 : 0])),
      })
      .execute();
  await line(1, { enableOrderManager: true, enableStopsManager: true });
  await line(2, { enableProductionManager: true });
  await line(3, {});
});

const enabled = (token: string) => t.call('GET', '/api/modules/enabled', { token });

describe('GET /api/modules/enabled', () => {
  it("lists each module's lines: the line switches, and maintenance on every line while the plant leaves it on", async () => {
    const response = await enabled(tokens[ROLE.OPERATOR]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ orderManager: [1], productionManager: [2], stopsManager: [1], maintenanceManager: [1, 2, 3] });
  });

  it('the plant turns the maintenance manager off in its parameters', async () => {
    const put = await t.call('PUT', '/api/parameters/put/', { token: t.adminToken, form: { values: { enableMaintenanceManager: false } } });
    expect(put.status, put.text).toBe(200);
    expect((await enabled(tokens[ROLE.CONSULTANT])).body.maintenanceManager).toEqual([]);
    await t.call('PUT', '/api/parameters/put/', { token: t.adminToken, form: { values: { enableMaintenanceManager: true } } });
    expect((await enabled(tokens[ROLE.CONSULTANT])).body.maintenanceManager).toEqual([1, 2, 3]);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/modules/enabled')).status).toBe(401);
  });
});
