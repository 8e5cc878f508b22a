import { describe, expect, it } from 'vitest';
import { MAX_FILTER_TERMS, MAX_SORT_ITEMS } from '../../edge/src/modules/grid/load-options';
import { MAX_RECOGNIZED_STOPS } from '../../edge/src/modules/stops/stops.schemas';
import { insert, onSharedEdge } from '../support/module-fixtures';
import type { CallResult, TestEdge } from '../support/test-edge';

/**
 * Input that once answered 500 or froze the server (issue 15, "Hostile input"): each gets a 400 (or 413) in the
 * documented error shape, and nothing is stored.
 */
let t: TestEdge;
onSharedEdge(async (edge) => {
  t = edge;
  const { sectorID } = await insert(t, '/api/sectors', { sectorName: 'Envasado' });
  await insert(t, '/api/Resources/PostResources', { lineID: 1, sectorID, description: 'Llenadora', enableStopsManager: true });
});

function expectRefused(response: CallResult, status = 400): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
  expect(response.text).not.toMatch(/<html|at .*\.(js|ts):\d+/i);
}

const count = async (table: 'lines' | 'orders' | 'stops' | 'audit_log') =>
  Number(
    (
      await t.edge.plant
        .db!.selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('hostile input', () => {
  it('skip beyond any table (1e20), or not in plain digits, is refused by every list call that pages', async () => {
    const openApi = (await t.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    const documented = Object.entries(openApi.paths)
      .filter(([path, operations]) => !path.includes('{') && operations.get?.parameters?.some((parameter) => parameter.name === 'skip'))
      .map(([path]) => path);
    expect(documented.length).toBeGreaterThan(15);
    const paged = [...documented, '/api/stops/get', '/api/oeeindex/get', '/api/maintenance/get', '/api/log/get'];
    for (const path of paged) {
      for (const skip of ['1e20', '0x10', '99999999999999999999'])
        expectRefused(await t.call('GET', path, { token: t.adminToken, query: { skip, take: '5' } }));
      expect((await t.call('GET', path, { token: t.adminToken, query: { skip: '0', take: '5' } })).status, path).toBe(200);
    }
  });

  it(`a filter of more than ${MAX_FILTER_TERMS} comparisons is refused with its own message`, async () => {
    // Sent unencoded but for the quotes, as a script would: 600 terms fit the server's 16 KB request line then.
    const terms = JSON.stringify(Array.from({ length: 600 }, (_, i) => ['stopID', i]));
    const response = await fetch(`${t.url}/api/stops/get?filter=${terms}`, {
      headers: { authorization: `Bearer ${t.adminToken}`, 'accept-language': 'en' },
    });
    const body = (await response.json()) as { error: { message: string } };
    expect(response.status).toBe(400);
    expect(body.error.message).toBe(`The filter has too many conditions (at most ${MAX_FILTER_TERMS}).`);
  });

  it(`a recognition of the same stop 10,000 times, or of more than ${MAX_RECOGNIZED_STOPS} stops, is refused at once and writes nothing`, async () => {
    const supervisor = await t.userWithRole(2, 'lista-sup');
    const signature = { reasonValues: 1, username: 'lista-sup', password: 'lista-sup' };
    const audits = await count('audit_log');
    expectRefused(
      await t.call('POST', '/api/stops/recognize', {
        token: supervisor.token,
        json: { stopValues: Array.from({ length: 10_000 }, () => 1), ...signature },
      }),
    );
    const copies = await t.call('POST', '/api/stops/recognize', {
      token: supervisor.token,
      json: { stopValues: [1, 2, 1], ...signature },
      language: 'en',
    });
    expectRefused(copies);
    expect(copies.body.error.message).toBe('The stopValues field repeats items.');
    const many = await t.call('POST', '/api/stops/recognize', {
      token: supervisor.token,
      json: { stopValues: Array.from({ length: MAX_RECOGNIZED_STOPS + 1 }, (_, i) => i + 1), ...signature },
      language: 'en',
    });
    expectRefused(many);
    expect(many.body.error.message).toBe(`The stopValues field accepts at most ${MAX_RECOGNIZED_STOPS} items.`);
    expect(await count('audit_log')).toBe(audits);
  });

  it('every other list input refuses repeats and has a cap: lines of a stop reason, orders deleted at once, a sort list', async () => {
    const supervisor = await t.userWithRole(2, 'listas-sup');
    const reason = await t.call('POST', '/api/stopreasons', {
      token: supervisor.token,
      json: { values: { reason: 'Lista', enabledForLine: [1, 1] } },
    });
    expectRefused(reason);
    expect(reason.body.error.fields.enabledForLine).toBe('El campo líneas habilitadas repite elementos.');
    expectRefused(
      await t.call('POST', '/api/validatedOrder/deleteMany', {
        token: supervisor.token,
        json: { orderIDs: Array.from({ length: 1_001 }, (_, i) => `o${i}`) },
      }),
    );
    expectRefused(await t.call('POST', '/api/validatedOrder/deleteMany', { token: supervisor.token, json: { orderIDs: ['o1', 'o1'] } }));
    // Sent unencoded but for the quotes, as a script would: 1,200 names fit the server's 16 KB request line then.
    const names = JSON.stringify(Array.from({ length: 1_200 }, () => 'stopID'));
    const sort = await fetch(`${t.url}/api/stops/get?sort=${names}`, {
      headers: { authorization: `Bearer ${t.adminToken}`, 'accept-language': 'en' },
    });
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as { error: { message: string } }).error.message).toBe(
      `The sort has too many columns (at most ${MAX_SORT_ITEMS}).`,
    );
  });

  it('a body over the limit is answered 413 in the error shape', async () => {
    const response = await t.call('POST', '/api/sectors', {
      token: t.adminToken,
      json: { values: { sectorName: 'x'.repeat(6 * 1024 * 1024) } },
    });
    expectRefused(response, 413);
    expect(response.body.error.message).toMatch(/demasiado grande/);
  });

  it('a line script nested thousands of levels deep is refused on save and by the script check, and nothing is stored', async () => {
    const deep = `${'('.repeat(5_000)}1${')'.repeat(5_000)} > 0`;
    const lines = await count('lines');
    const { sectorID } = (await t.call('GET', '/api/sectors', { token: t.adminToken })).body.data[0];
    expectRefused(
      await t.call('POST', '/api/Resources/PostResources', {
        token: t.adminToken,
        form: { values: { lineID: 2, sectorID, description: 'Profunda', calculationBaliza: deep } },
      }),
    );
    expect(await count('lines')).toBe(lines);
    const check = await t.call('POST', '/api/tags/execute/', { token: t.adminToken, form: { values: { script: deep } } });
    expect(check.status, check.text).toBeLessThan(500);
  });

  it('a line marker of a long run of blanks and a line separator is read at once, on save and on every load', async () => {
    const marker = `//@oee${' '.repeat(3_000)}\u2028`;
    const response = await t.call('PUT', '/api/Resources/PutResources', {
      token: t.adminToken,
      form: { key: 1, values: { calculationBaliza: `${marker}\ntrue` } },
    });
    expect(response.status, response.text).toBeLessThan(500);
    expect((await t.call('GET', '/api/Resources', { token: t.adminToken })).status).toBe(200);
  });

  it('an order finish on a line that does not exist is a 400 naming the line, and changes nothing', async () => {
    const supervisor = await t.userWithRole(2, 'hostil-sup');
    const orders = await count('orders');
    const response = await t.call('POST', '/api/orders/finish', { token: supervisor.token, json: { lineID: 77 } });
    expectRefused(response);
    expect(response.body.error.message).toBe('La línea 77 no existe.');
    expect(await count('orders')).toBe(orders);
  });

  it('every answer carries the security headers, errors included', async () => {
    for (const path of ['/meta.json', '/api/openapi.json', '/api/no-such-route', '/api/stops/get?skip=x']) {
      const headers = (await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${t.adminToken}` } })).headers;
      const policy = headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("script-src 'self'");
      expect(policy, path).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('same-origin');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('a stop on a line that does not exist is a 400 naming the line, and stores nothing', async () => {
    const supervisor = await t.userWithRole(2, 'linea-sup');
    const stops = await count('stops');
    const response = await t.call('POST', '/api/stops/post', {
      token: supervisor.token,
      json: { values: { lineID: 77, startDate: '2026-01-01T08:00:00Z', endDate: '2026-01-01T08:10:00Z' } },
    });
    expectRefused(response);
    expect(response.body.error.message).toBe('La línea 77 no existe.');
    expect(await count('stops')).toBe(stops);
  });

  it('keys are whole numbers only: true, "0x3", " 3 " and 3.5 are not stop 1 or 3', async () => {
    const supervisor = await t.userWithRole(2, 'claves-sup');
    for (const key of [true, '0x3', ' 3 ', 3.5, '1e0']) {
      expectRefused(await t.call('DELETE', '/api/sectors', { token: t.adminToken, form: { key } }));
      expectRefused(await t.call('DELETE', '/api/stops/delete', { token: supervisor.token, form: { key } }));
      expectRefused(
        await t.call('POST', '/api/stops/split', {
          token: supervisor.token,
          json: { stopID: key, username: 'claves-sup', password: 'claves-sup' },
        }),
      );
    }
  });
});
