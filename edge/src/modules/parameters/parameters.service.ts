import type { Database } from '../../db/database';
import type { RowUpdate } from '../../db/schema';
import { notFound } from '../../http/errors';
import { apiToRow, normalizeApiValues, rowToApi } from '../../http/grid-resource';
import { parseInput } from '../../http/request-input';
import type { SessionUser } from '../../http/session';
import { findParameters, updateParameters } from './parameters.repository';
import { PARAMETER_COLUMNS, PARAMETER_INPUT_COLUMNS, parametersUpdateSchema, READ_ONLY_PARAMETERS } from './parameters.schemas';

type AnyRow = Record<string, unknown>;

/** The parameters as the API shows them: the bot token never leaves the server, only whether one is set. */
async function shownParameters(db: Database, timeZone: string) {
  const row = await findParameters(db);
  if (!row) throw notFound();
  return { ...rowToApi(row, PARAMETER_COLUMNS, timeZone), telegramBotTokenSet: Boolean(row.telegramBotToken), mqttPublishPasswordSet: Boolean(row.mqttPublishPassword) };
}

export function getParameters(db: Database, timeZone: string) {
  return shownParameters(db, timeZone);
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
  return db.transaction().execute(async (trx) => {
    await updateParameters(trx, changes);
    return shownParameters(trx, timeZone);
  });
}
