import { describe, expect, it } from 'vitest';
import type { TestEdge } from '../../../../test/support/test-edge';
import { openSecret } from '../../db/secrets';
import {
  expectAdministratorOnly,
  expectEveryRole,
  expectFieldError,
  onSharedEdge,
  type RoleTokens,
} from '../../../../test/support/module-fixtures';

let t: TestEdge;
let tokens: RoleTokens;
onSharedEdge((edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
});

const db = () => t.edge.plant.db!;
const stored = () => db().selectFrom('parameters').selectAll().executeTakeFirstOrThrow();
/** The bot token as stored, opened with the data directory's key (it is stored sealed). */
const storedToken = async () => openSecret(db(), (await stored()).telegramBotToken);
const put = (values: Record<string, unknown>, language?: 'en') =>
  t.call('PUT', '/api/parameters/put/', { token: t.adminToken, form: { values }, language });
const TOKEN_A = '123456:AAAA-first-secret-token';
const TOKEN_B = '654321:BBBB-second-secret-token';

describe('general parameters', () => {
  it('get answers the administrator every parameter but the bot token', async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/parameters/get/');
    const got = await t.call('GET', '/api/parameters/get/', { token: tokens[1] });
    expect(got.body).toEqual({
      microStopTime: 60,
      problemResolutionTime: 600,
      gridRefreshTime: 15,
      oeeCalculationRefresh: 10,
      counterPlausibilityFactor: 10,
      enableDomainValidation: false,
      domain: null,
      enableGroupValidation: false,
      group: null,
      directoryUrl: null,
      directoryBaseDN: null,
      directoryBindName: null,
      directoryCaFile: null,
      emailEnabled: false,
      emailFrom: null,
      emailHost: null,
      emailPort: 25,
      telegramEnabled: false,
      telegramBotName: null,
      telegramNotificationInterval: 5,
      telegramBotUseProxy: false,
      telegramBotProxyHost: null,
      telegramBotProxyPort: null,
      terminalSyncByIP: false,
      enableMaintenanceManager: true,
      auditRetentionDays: 730,
      diagnosticsRetentionDays: 30,
      outboxRetentionDays: 1,
      telegramApiBaseUrl: null,
      edgePublicUrl: null,
      plantName: null,
      mqttPublishEnabled: false,
      mqttPublishUrl: null,
      mqttPublishPrefix: null,
      mqttPublishClientId: null,
      mqttPublishUserName: null,
      updatedBy: null,
      updateDate: null,
      telegramBotTokenSet: false,
      mqttPublishPasswordSet: false,
    });
  });

  it('get answers the other roles only what their screens use: the refresh time and terminal sync by address (issue 26)', async () => {
    await put({ emailHost: 'smtp.planta.local', telegramBotName: 'OeeBot', domain: 'planta.local' });
    for (const role of [2, 3, 4] as const) {
      const got = await t.call('GET', '/api/parameters', { token: tokens[role] });
      expect(got.body, `role ${role}`).toEqual({ gridRefreshTime: 15, terminalSyncByIP: false });
      expect(got.text).not.toMatch(/smtp\.planta|OeeBot|planta\.local/);
    }
    expect((await t.call('GET', '/api/parameters', { token: tokens[1] })).body).toMatchObject({
      emailHost: 'smtp.planta.local',
      telegramBotName: 'OeeBot',
    });
    await put({ emailHost: null, telegramBotName: null, domain: null });
  });

  it('put applies a partial update (form field values), stamps it and answers as get does', async () => {
    const result = await put({
      microStopTime: '90',
      emailEnabled: true,
      emailHost: 'smtp.planta.com',
      emailFrom: 'oee@planta.com',
      terminalSyncByIP: 'true',
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      microStopTime: 90,
      gridRefreshTime: 15,
      emailEnabled: true,
      emailHost: 'smtp.planta.com',
      terminalSyncByIP: true,
      updatedBy: 'admin',
    });
    expect(result.body.updateDate).toMatch(/^\d{4}-/);
    expect(result.body).toEqual((await t.call('GET', '/api/parameters/get', { token: tokens[1] })).body);

    // A JSON body works too, and what a get returned can be sent back as it is.
    const again = await t.call('PUT', '/api/parameters', {
      token: t.adminToken,
      json: { ...result.body, gridRefreshTime: 30, emailHost: '' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ gridRefreshTime: 30, microStopTime: 90, emailHost: null });
  });

  it('the bot token is write-only: never answered, a new one replaces the old, empty or absent keeps it', async () => {
    const set = await put({ telegramBotToken: TOKEN_A, telegramEnabled: true });
    expect(set.body.telegramBotTokenSet).toBe(true);
    expect((await stored()).telegramBotToken).toMatch(/^enc:v1:/);
    expect(await storedToken()).toBe(TOKEN_A);

    const kept = [await put({ telegramBotToken: '' }), await put({ telegramBotToken: null }), await put({ telegramBotName: 'OeeBot' })];
    for (const answer of kept) expect(answer.body.telegramBotTokenSet).toBe(true);
    expect(await storedToken()).toBe(TOKEN_A);

    const replaced = await put({ telegramBotToken: `  ${TOKEN_B} ` });
    expect(await storedToken()).toBe(TOKEN_B);

    const answers = [set, ...kept, replaced, await t.call('GET', '/api/parameters/get/', { token: t.adminToken })];
    for (const answer of answers) {
      expect(answer.text).not.toContain('secret-token');
      expect(answer.body).not.toHaveProperty('telegramBotToken');
    }
  });

  it('the four times are whole seconds from 0 to 999999', async () => {
    const before = await stored();
    for (const field of ['microStopTime', 'problemResolutionTime', 'gridRefreshTime', 'oeeCalculationRefresh']) {
      expect((await put({ [field]: -1 })).body.error.fields).toHaveProperty(field);
      expect((await put({ [field]: 1_000_000 })).body.error.fields).toHaveProperty(field);
      expect((await put({ [field]: null })).body.error.fields).toHaveProperty(field);
    }
    expectFieldError(await put({ microStopTime: -1 }), 'microStopTime', 'El campo tiempo de microparada debe ser como mínimo 0.');
    expectFieldError(
      await put({ gridRefreshTime: 1_000_000 }),
      'gridRefreshTime',
      'El campo tiempo de refresco de grillas debe ser como máximo 999999.',
    );
    expectFieldError(
      await put({ oeeCalculationRefresh: 1_000_000 }, 'en'),
      'oeeCalculationRefresh',
      'The OEE calculation refresh field must be at most 999999.',
    );
    expectFieldError(
      await put({ problemResolutionTime: 1.5 }),
      'problemResolutionTime',
      'El campo tiempo de resolución de problemas no es válido.',
    );
    expect((await put({ microStopTime: 0, gridRefreshTime: 999_999 })).status).toBe(200);
    await put({ microStopTime: before.microStopTime, gridRefreshTime: before.gridRefreshTime });
    expect({ ...(await stored()), updateDate: 0 }).toEqual({ ...before, updateDate: 0 });
  });

  it('the counter plausibility factor is a number from 1 to 1000 that the engine reads', async () => {
    expectFieldError(
      await put({ counterPlausibilityFactor: 0.5 }),
      'counterPlausibilityFactor',
      'El campo factor de plausibilidad de contadores debe ser como mínimo 1.',
    );
    expectFieldError(
      await put({ counterPlausibilityFactor: 1_001 }, 'en'),
      'counterPlausibilityFactor',
      'The counter plausibility factor field must be at most 1000.',
    );
    expect((await put({ counterPlausibilityFactor: 2.5 })).body.counterPlausibilityFactor).toBe(2.5);
    expect((await stored()).counterPlausibilityFactor).toBe(2.5);
    await put({ counterPlausibilityFactor: 10 });
  });

  it('ports are 0 to 65535 (telegramBotPort is another name for the proxy port); the interval is at least 0', async () => {
    const before = await stored();
    expectFieldError(await put({ emailPort: 65_536 }), 'emailPort', 'El campo puerto de email debe ser como máximo 65535.');
    expectFieldError(await put({ emailPort: -1 }, 'en'), 'emailPort', 'The email port field must be at least 0.');
    expectFieldError(
      await put({ telegramBotProxyPort: 70_000 }),
      'telegramBotProxyPort',
      'El campo puerto del proxy del bot debe ser como máximo 65535.',
    );
    expectFieldError(
      await put({ telegramBotPort: 70_000 }),
      'telegramBotPort',
      'El campo puerto del proxy del bot debe ser como máximo 65535.',
    );
    expectFieldError(
      await put({ telegramNotificationInterval: -5 }),
      'telegramNotificationInterval',
      'El campo intervalo de notificación de Telegram debe ser como mínimo 0.',
    );
    expectFieldError(await put({ emailFrom: 'oee-planta' }), 'emailFrom', 'Debe ingresar un formato de email válido.');
    expectFieldError(await put({ microStopTim: 5 }), 'microStopTim', 'El campo microStopTim no existe.');
    expect(await stored()).toEqual(before);

    const aliased = await put({ telegramBotPort: 8080, telegramNotificationInterval: 0 });
    expect(aliased.body).toMatchObject({ telegramBotProxyPort: 8080, telegramNotificationInterval: 0 });
  });

  it('reading is for every role, writing only for the administrator (403 other roles, 401 without a token)', async () => {
    const before = await stored();
    expect((await t.call('GET', '/api/parameters/get/')).status).toBe(401);
    await expectAdministratorOnly(t, tokens, 'PUT', '/api/parameters/put/', {
      form: { values: { microStopTime: 1, telegramBotToken: 'intruder' } },
    });
    expect(await stored()).toEqual(before);
  });
});
