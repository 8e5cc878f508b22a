import { z } from 'zod';
import { flag, optionalText, requiredInt, requiredText } from '../common/fields';
import { isUaEndpointUrl } from './node-id';

/** SPEC.md section 3: OPC server and OPC tag. */
export const SERVER_TYPES = ['UA', 'DA', 'API'] as const;
export const TAG_TYPES = ['Boolean', 'Byte', 'Double', 'Float', 'Int16', 'Int32', 'Int64', 'SByte', 'String', 'UInt16', 'UInt32', 'UInt64'] as const;

/** One of `values`; absent says "required", anything else "not valid". */
function requiredChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid') });
}

export const OPC_SERVER_COLUMNS = {
  opcServerID: 'number',
  name: 'string',
  description: 'string',
  hostName: 'string',
  serverType: 'string',
  enabled: 'boolean',
} as const;

export const OPC_TAG_COLUMNS = { tagID: 'number', tagName: 'string', tagType: 'string', opcServerID: 'number', tagValue: 'string' } as const;

/**
 * OPC DA is COM/DCOM on Windows; the edge runs on any OS and speaks OPC UA, so a DA server could never be read. It
 * is refused with a message that says what to do instead (register the DA-to-UA gateway as a UA server) rather than
 * stored as a server that silently never delivers a value.
 */
export const opcServerSchema = z
  .object({
    name: requiredText(100),
    description: optionalText(80),
    hostName: requiredText(100),
    serverType: requiredChoice(SERVER_TYPES).refine((type) => type !== 'DA', 'opc.daNotSupported'),
    enabled: flag(true),
  })
  .superRefine((server, ctx) => {
    if (server.serverType === 'UA' && !isUaEndpointUrl(server.hostName)) ctx.addIssue({ code: 'custom', path: ['hostName'], message: 'opc.endpointUrl' });
  });

/** The tag's value names what to read: a NodeId for UA servers (checked against the server's type), a name for API servers. */
export const opcTagSchema = z.object({
  tagName: requiredText(100),
  tagType: requiredChoice(TAG_TYPES),
  opcServerID: requiredInt({ min: 1 }),
  tagValue: requiredText(400),
});
export type OpcTagValues = z.output<typeof opcTagSchema>;
