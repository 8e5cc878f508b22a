import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { isBrokerUrl } from '../../domain/source-addresses';
import { isDirectoryUrl } from '../auth/directory-names';
import { apiRowSchema, optionalEmail, optionalInt, optionalText, requiredInt } from '../grid/fields';

/** SPEC.md section 3, Parameters, as the API shows them: everything but the bot token (write-only). */
export const PARAMETER_COLUMNS = {
  microStopTime: 'number',
  problemResolutionTime: 'number',
  gridRefreshTime: 'number',
  oeeCalculationRefresh: 'number',
  counterPlausibilityFactor: 'number',
  enableDomainValidation: 'boolean',
  domain: 'string',
  enableGroupValidation: 'boolean',
  group: 'string',
  directoryUrl: 'string',
  directoryBaseDN: 'string',
  directoryBindName: 'string',
  directoryCaFile: 'string',
  emailEnabled: 'boolean',
  emailFrom: 'string',
  emailHost: 'string',
  emailPort: 'number',
  telegramEnabled: 'boolean',
  telegramBotName: 'string',
  telegramNotificationInterval: 'number',
  telegramBotUseProxy: 'boolean',
  telegramBotProxyHost: 'string',
  telegramBotProxyPort: 'number',
  terminalSyncByIP: 'boolean',
  enableMaintenanceManager: 'boolean',
  auditRetentionDays: 'number',
  diagnosticsRetentionDays: 'number',
  outboxRetentionDays: 'number',
  telegramApiBaseUrl: 'string',
  edgePublicUrl: 'string',
  plantName: 'string',
  /** Publishing the lines' state and figures to an MQTT broker (issue 30); the password is write-only. */
  mqttPublishEnabled: 'boolean',
  mqttPublishUrl: 'string',
  mqttPublishPrefix: 'string',
  mqttPublishClientId: 'string',
  mqttPublishUserName: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/** What a write may carry besides the shown columns: the token, and SPEC.md section 5's name for the proxy port. */
export const PARAMETER_INPUT_COLUMNS = {
  ...PARAMETER_COLUMNS,
  telegramBotToken: 'string',
  telegramBotPort: 'number',
  mqttPublishPassword: 'string',
} as const;

/** Read-only fields a client may send back unchanged from a get; ignored on write. */
export const READ_ONLY_PARAMETERS = ['id', 'telegramBotTokenSet', 'mqttPublishPasswordSet', 'updatedBy', 'updateDate'] as const;

const seconds = requiredInt({ min: 0, max: 999_999 }).optional();
const port = optionalInt({ min: 0, max: 65_535 });
const yesNo = z.boolean().optional();
const retentionDays = requiredInt({ min: 1, max: 3_650 }).optional();
/** An http(s) address, or blank for none. */
const optionalHttpUrl = () =>
  optionalText(255).refine((value) => value == null || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), 'validation.invalid');

/** A partial update of the parameters (SPEC.md section 5): absent fields keep their stored value. */
export const parametersUpdateSchema = z.strictObject({
  microStopTime: seconds,
  problemResolutionTime: seconds,
  gridRefreshTime: seconds,
  oeeCalculationRefresh: seconds,
  // A counter step above this many times the line's top speed is not production (line-events' counterStepLimit).
  counterPlausibilityFactor: z.number().min(1).max(1_000).optional(),
  enableDomainValidation: yesNo,
  domain: optionalText(255),
  enableGroupValidation: yesNo,
  group: optionalText(255),
  // Directory sign-in (README, "Directory sign-in"): empty fields take the defaults derived from `domain`.
  directoryUrl: optionalText(255).refine((url) => url == null || isDirectoryUrl(url), 'parameters.directoryUrl'),
  directoryBaseDN: optionalText(255),
  directoryBindName: optionalText(255).refine((name) => name == null || name.includes('{user}'), 'parameters.directoryBindName'),
  directoryCaFile: optionalText(1024).refine((file) => file == null || isAbsolute(file), 'parameters.directoryCaFile'),
  emailEnabled: yesNo,
  emailFrom: optionalEmail(),
  emailHost: optionalText(255),
  emailPort: port,
  telegramEnabled: yesNo,
  telegramBotName: optionalText(100),
  telegramNotificationInterval: optionalInt({ min: 0 }),
  // Write-only: a non-empty value replaces the stored token; empty or absent keeps it.
  telegramBotToken: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string().trim().max(200).optional(),
  ),
  telegramBotUseProxy: yesNo,
  telegramBotProxyHost: optionalText(255),
  telegramBotProxyPort: port,
  telegramBotPort: port,
  terminalSyncByIP: yesNo,
  enableMaintenanceManager: yesNo,
  // Retention (jobs/retention-jobs.ts): at least a day, at most ten years.
  auditRetentionDays: retentionDays,
  diagnosticsRetentionDays: retentionDays,
  outboxRetentionDays: retentionDays,
  // Notifications (issue 17): the Bot API's base address (blank: https://api.telegram.org), the edge's address in
  // the alerts' dashboard links (blank: http://<machine name>:<port>), the plant's name in the messages.
  telegramApiBaseUrl: optionalHttpUrl(),
  edgePublicUrl: optionalHttpUrl(),
  plantName: optionalText(80),
  // Publishing to MQTT (issue 30): the broker, the topics' first level(s) (no wildcards), the client id and user; the
  // password write-only as the bot token.
  mqttPublishEnabled: yesNo,
  mqttPublishUrl: optionalText(255).refine((url) => url == null || isBrokerUrl(url), 'opc.brokerUrl'),
  mqttPublishPrefix: optionalText(100).refine((prefix) => prefix == null || /^[^+#\0]+$/.test(prefix), 'validation.invalid'),
  mqttPublishClientId: optionalText(100),
  mqttPublishUserName: optionalText(100),
  mqttPublishPassword: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string().max(200).optional(),
  ),
});

export const parametersResponseSchema = apiRowSchema(PARAMETER_COLUMNS).extend({
  telegramBotTokenSet: z.boolean(),
  mqttPublishPasswordSet: z.boolean(),
});
/** GET /api/parameters for a role other than the administrator (parameters.service SCREEN_PARAMETERS). */
export const screenParametersSchema = parametersResponseSchema.pick({ gridRefreshTime: true, terminalSyncByIP: true }).strict();
