import { apiToRow, type HookContext } from '../grid/grid-resource';
import { AppError, fieldError } from '../../http/errors';
import type { MessageKey } from '../../http/messages';
import { parseModbusAddress, parseMqttAddress } from '../../domain/source-addresses';
import { isUaNodeId } from './node-id';
import { findServer, otherTagNamed, tagsOfServer } from './opc.repository';
import { OPC_SERVER_COLUMNS, OPC_TAG_COLUMNS, type OpcServerValues, type OpcTagValues } from './opc.schemas';

type AnyRow = Record<string, unknown>;

/**
 * What is wrong with a tag value for a server of this type, or null. UA reads a NodeId, Modbus a register address,
 * MQTT a topic or Sparkplug B metric; API servers push by name.
 */
export function tagValueProblem(serverType: string, tagValue: string): MessageKey | null {
  switch (serverType) {
    case 'UA':
      return isUaNodeId(tagValue) ? null : 'opc.nodeId';
    case 'Modbus':
      return parseModbusAddress(tagValue) ? null : 'opc.modbusAddress';
    case 'MQTT':
      return parseMqttAddress(tagValue) ? null : 'opc.mqttAddress';
    default:
      return null;
  }
}

/** Tag writes: the server must exist, the value must suit its type, and the name must be free (409 on the field). */
export async function prepareTag(values: OpcTagValues, ctx: HookContext & { before: AnyRow | null }): Promise<AnyRow> {
  const server = await findServer(ctx.trx, values.opcServerID);
  if (!server) throw fieldError('validation', 'validation.reference', 'opcServerID');
  const problem = tagValueProblem(server.serverType, values.tagValue);
  if (problem) throw fieldError('validation', problem, 'tagValue');
  const tagID = ctx.before ? Number(ctx.before.tagID) : null;
  if (await otherTagNamed(ctx.trx, values.tagName, tagID))
    throw fieldError('conflict', 'opc.tagNameInUse', 'tagName', { name: values.tagName });
  return apiToRow(values, OPC_TAG_COLUMNS);
}

/**
 * Server writes: a new password replaces the stored one, none keeps it, and a server without a user name has none.
 * The password is stored sealed (`seal`: db/secrets.ts), never in clear.
 */
export function prepareServer(values: OpcServerValues, seal: (password: string) => string): AnyRow {
  const row = apiToRow(values, OPC_SERVER_COLUMNS);
  if (!values.userName) row.password = null;
  else if (typeof row.password === 'string' && row.password !== '') row.password = seal(row.password);
  return row;
}

/** A server's type can change only if every tag it holds is still readable under the new type. */
export async function checkServerTypeChange(before: AnyRow, changes: AnyRow, ctx: HookContext): Promise<void> {
  const serverType = changes.serverType;
  if (typeof serverType !== 'string') return;
  for (const tag of await tagsOfServer(ctx.trx, Number(before.opcServerID))) {
    if (tagValueProblem(serverType, tag.tagValue))
      throw fieldError('validation', 'opc.serverTypeTags', 'serverType', { tag: tag.tagName, type: serverType });
  }
}

/** A server with tags cannot be deleted: the tags (and the line scripts naming them) would lose their source. */
export async function checkServerDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  const tags = await tagsOfServer(ctx.trx, Number(before.opcServerID));
  if (tags.length > 0) throw new AppError('conflict', 'opc.serverHasTags', { count: tags.length });
}
