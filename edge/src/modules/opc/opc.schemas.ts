import { z } from 'zod';
import { isBrokerUrl, parseModbusEndpoint } from '../../domain/source-addresses';
import { flag, optionalInt, optionalText, requiredInt, requiredText } from '../grid/fields';
import { isUaEndpointUrl } from './node-id';

/** SPEC.md section 3: OPC server and OPC tag. */
export const SERVER_TYPES = ['UA', 'DA', 'API', 'MQTT', 'Modbus'] as const;
export const TAG_TYPES = [
  'Boolean',
  'Byte',
  'Double',
  'Float',
  'Int16',
  'Int32',
  'Int64',
  'SByte',
  'String',
  'UInt16',
  'UInt32',
  'UInt64',
] as const;

/** One of `values`; absent says "required", anything else "not valid". */
function requiredChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid'),
  });
}

export const OPC_SERVER_COLUMNS = {
  opcServerID: 'number',
  name: 'string',
  description: 'string',
  hostName: 'string',
  serverType: 'string',
  enabled: 'boolean',
  securityMode: 'string',
  securityPolicy: 'string',
  userName: 'string',
  /** Derived: whether a password is stored (the password itself is write-only). */
  passwordSet: 'boolean',
  /** Modbus TCP: the unit id and the polling period (ms). MQTT: the client id and the broker's CA (PEM). */
  unitId: 'number',
  pollingMs: 'number',
  clientId: 'string',
  caCertificate: 'string',
} as const;

/** OPC UA message security (issue 15): None, or signed, or signed and encrypted under one of the policies. */
export const SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
export const SECURITY_POLICIES = ['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const;

/** A write-only secret: blank or absent keeps the stored one, a value replaces it (as the bot token). */
const secret = (max: number) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string().max(max).optional(),
  );

export const OPC_TAG_COLUMNS = {
  tagID: 'number',
  tagName: 'string',
  tagType: 'string',
  opcServerID: 'number',
  tagValue: 'string',
} as const;

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
    securityMode: z.enum(SECURITY_MODES, { error: 'validation.invalid' }).default('None'),
    securityPolicy: z.enum(SECURITY_POLICIES, { error: 'validation.invalid' }).default('None'),
    userName: optionalText(100),
    password: secret(200),
    unitId: optionalInt({ min: 0, max: 255 }),
    pollingMs: optionalInt({ min: 100, max: 3_600_000 }),
    clientId: optionalText(100),
    caCertificate: optionalText(20_000),
  })
  .superRefine((server, ctx) => {
    if (server.serverType === 'UA' && !isUaEndpointUrl(server.hostName))
      ctx.addIssue({ code: 'custom', path: ['hostName'], message: 'opc.endpointUrl' });
    if (server.serverType === 'Modbus' && !parseModbusEndpoint(server.hostName))
      ctx.addIssue({ code: 'custom', path: ['hostName'], message: 'opc.modbusEndpoint' });
    if (server.serverType === 'MQTT' && !isBrokerUrl(server.hostName))
      ctx.addIssue({ code: 'custom', path: ['hostName'], message: 'opc.brokerUrl' });
    if (server.caCertificate && !/-----BEGIN CERTIFICATE-----/.test(server.caCertificate))
      ctx.addIssue({ code: 'custom', path: ['caCertificate'], message: 'opc.caCertificate' });
    if (server.serverType !== 'UA' && server.securityMode !== 'None')
      ctx.addIssue({ code: 'custom', path: ['securityMode'], message: 'opc.securityUaOnly' });
    // A signed channel needs a policy to sign with, and None signs nothing: the two are chosen together.
    if ((server.securityMode === 'None') !== (server.securityPolicy === 'None')) {
      ctx.addIssue({
        code: 'custom',
        path: ['securityPolicy'],
        message: server.securityMode === 'None' ? 'opc.policyWithoutMode' : 'opc.policyRequired',
      });
    }
    if (server.password !== undefined && !server.userName)
      ctx.addIssue({ code: 'custom', path: ['userName'], message: 'opc.passwordWithoutUser' });
  });
export type OpcServerValues = z.output<typeof opcServerSchema>;

/**
 * The tag's value names what to read: a NodeId for UA servers, a name for API servers, a register address for Modbus
 * servers and a topic (with a JSON path) or Sparkplug B metric for MQTT servers (domain/source-addresses.ts), checked
 * against the server's type.
 */
export const opcTagSchema = z.object({
  tagName: requiredText(100),
  tagType: requiredChoice(TAG_TYPES),
  opcServerID: requiredInt({ min: 1 }),
  tagValue: requiredText(400),
});
export type OpcTagValues = z.output<typeof opcTagSchema>;

/** A server certificate the edge has met, named by its SHA-1 thumbprint (hex, colons and spaces allowed). */
export const certificateActionSchema = z.object({
  thumbprint: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^([0-9a-fA-F]{2}[:\s]?){19}[0-9a-fA-F]{2}$/, 'validation.invalid'),
});

export const certificateDownloadQuerySchema = z.object({ format: z.enum(['pem', 'der'], { error: 'validation.invalid' }).default('pem') });

/** A certificate as the OPC servers tab shows it: SHA-1 thumbprint (upper-case hex), subject and validity (ISO). */
const certificateInfoSchema = z.object({ thumbprint: z.string(), subject: z.string(), validFrom: z.string(), validTo: z.string() });

/** GET /api/opcservers/certificate: the edge's own application certificate, its PEM and application URI. */
export const ownCertificateSchema = certificateInfoSchema.extend({ pem: z.string(), applicationUri: z.string() });

/** The servers' certificates the edge has met (GET /api/opcservers/certificates, and the answer of trust and reject). */
export const serverCertificatesSchema = z.array(certificateInfoSchema.extend({ status: z.enum(['trusted', 'rejected']) }));
