import type { Database } from '../../db/database';
import { sealSecret } from '../../db/secrets';
import { ROLE, type RoleId } from '../../domain/roles';
import type { RowUpdate } from '../../db/schema';
import { notFound } from '../../http/errors';
import { apiToRow, normalizeApiValues, rowToApi } from '../grid/grid-resource';
import { parseInput } from '../../http/request-input';
import type { SessionUser } from '../../http/session';
import { findParameters, updateParameters } from './parameters.repository';
import { PARAMETER_COLUMNS, PARAMETER_INPUT_COLUMNS, parametersUpdateSchema, READ_ONLY_PARAMETERS } from './parameters.schemas';

type AnyRow = Record<string, unknown>;

/** The parameters as the API shows them: the bot token never leaves the server, only whether one is set. */
async function shownParameters(db: Database, timeZone: string) {
  const row = await findParameters(db);
  if (!row) throw notFound();
  return {
    ...rowToApi(row, PARAMETER_COLUMNS, timeZone),
    telegramBotTokenSet: Boolean(row.telegramBotToken),
    mqttPublishPasswordSet: Boolean(row.mqttPublishPassword),
  };
}

/**
 * What a screen other than the administrator's General parameters reads: how often grids and dashboards refresh and
 * whether terminals are recognised by address. The rest (email relay, bot, directory, retention…) is the
 * administrator's alone (issue 26: operators and consultants once read the email host and the bot's name).
 */
export const SCREEN_PARAMETERS = ['gridRefreshTime', 'terminalSyncByIP'] as const;

/** The parameters the caller's role may read: all of them (but the token) for the administrator, else SCREEN_PARAMETERS. */
export async function getParameters(db: Database, timeZone: string, roleID: RoleId) {
  const shown = await shownParameters(db, timeZone);
  if (roleID === ROLE.ADMINISTRATOR) return shown;
  return Object.fromEntries(SCREEN_PARAMETERS.map((name) => [name, (shown as Record<string, unknown>)[name]]));
}

/**
 * Applies a partial update of the parameters and answers them as `getParameters` does. Fields a get returned that
 * cannot be written (token flag, stamp) are ignored, so the UI may send back what it read; any other unknown field
 * is a 400. SPEC.md section 5 calls the proxy port `telegramBotPort`: accepted as another name for
 * `telegramBotProxyPort` (which wins when both are sent).
 */
export async function putParameters(db: Database, rawValues: AnyRow, user: SessionUser, now: number, timeZone: string) {
  const input: AnyRow = { ...rawValues };
  for (const field of READ_ONLY_PARAMETERS) delete input[field];
  const { telegramBotPort, ...values } = parseInput(parametersUpdateSchema, normalizeApiValues(input, PARAMETER_INPUT_COLUMNS, timeZone));
  if (values.telegramBotProxyPort === undefined && telegramBotPort !== undefined) values.telegramBotProxyPort = telegramBotPort;
  const changes = { ...apiToRow(values, PARAMETER_INPUT_COLUMNS), updatedBy: user.userID, updateDate: now } as RowUpdate<'parameters'>;
  // The bot token and the publishing broker's password are stored sealed, never in clear (db/secrets.ts).
  if (typeof changes.telegramBotToken === 'string') changes.telegramBotToken = sealSecret(db, changes.telegramBotToken);
  if (typeof changes.mqttPublishPassword === 'string') changes.mqttPublishPassword = sealSecret(db, changes.mqttPublishPassword);
  return db.transaction().execute(async (trx) => {
    await updateParameters(trx, changes);
    return shownParameters(trx, timeZone);
  });
}
