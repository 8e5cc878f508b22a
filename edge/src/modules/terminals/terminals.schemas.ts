import { isIP } from 'node:net';
import { z } from 'zod';
import { apiRowSchema, requiredInt } from '../grid/fields';

/** SPEC.md section 3, Terminal; updatedBy/updateDate are the "configured date and user" the /terminal page shows. */
export const TERMINAL_COLUMNS = {
  terminalID: 'number',
  lineID: 'number',
  ipAddress: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/**
 * An address in the form the server sees callers in (api.ts `clientIp`), so /syncronize finds the terminal:
 * IPv4-mapped IPv6 as plain IPv4, IPv6 lower-case and compressed ('0:0:0:0:0:0:0:1' is '::1').
 */
export function canonicalIp(ip: string): string {
  const text = ip.trim().toLowerCase();
  const unmapped = text.startsWith('::ffff:') && isIP(text.slice(7)) === 4 ? text.slice(7) : text;
  if (isIP(unmapped) !== 6 || unmapped.includes('%')) return unmapped;
  return new URL(`http://[${unmapped}]/`).hostname.slice(1, -1);
}

export const terminalSchema = z.object({
  lineID: requiredInt(),
  ipAddress: z
    .string()
    .trim()
    .min(1)
    .refine((ip) => isIP(ip) !== 0, 'terminal.ipAddress')
    .transform(canonicalIp),
});

export const terminalResponseSchema = apiRowSchema(TERMINAL_COLUMNS).nullable();

/** GET /api/terminals/ip: the caller's address, in the form terminals are stored in. */
export const terminalIpResponseSchema = z.object({ ipAddress: z.string() });
