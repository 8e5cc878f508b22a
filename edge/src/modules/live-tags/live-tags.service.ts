import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AcquisitionManager,
  findOpcServer,
  plausibleSourceTime,
  type PushedValue,
  setApiKeyHash,
  tagStatusForApi,
} from '../../acquisition';
import type { Database } from '../../db/database';
import { ROLE } from '../../domain/roles';
import { compileScript, type ScriptError, type ScriptKind, type TagValue } from '../../domain/script';
import { AppError, notFound } from '../../http/errors';
import { type Language, translate } from '../../http/messages';
import { hashToken, resolveSession } from '../../http/session';
import { MAX_PUSHED_VALUES, type PushedValueInput, pushedValueSchema } from './live-tags.schemas';

export interface ExecuteResult {
  error: boolean;
  message: string;
  value?: boolean | number | null;
  kind?: ScriptKind;
  line?: number;
  column?: number;
}

/**
 * The live preview of a line script while an engineer maps tags: compiled against the configured tag names and
 * evaluated on the current tag values. Without a kind it is tried as a beacon (boolean) first, then as a counter
 * (number). The text may be the stored form (its marker line is a comment); positions are in the text as sent, a
 * refusal in the request's language.
 */
export function previewScript(
  manager: AcquisitionManager,
  script: string,
  kind: ScriptKind | undefined,
  language: Language,
): ExecuteResult {
  const knownTags = manager.tagNames();
  let refused: ScriptError | null = null;
  for (const expect of kind ? [kind] : (['boolean', 'number'] as const)) {
    const compiled = compileScript(script, { expect, knownTags });
    if (!compiled.ok) {
      // Of two refusals, the one that read further into the script is the more telling.
      if (!refused || compiled.error.offset > refused.offset) refused = compiled.error;
      continue;
    }
    const result = compiled.script.evaluate(manager.cache);
    if (!result.ok) return { error: true, message: result.message, value: null, kind: expect };
    return { error: false, message: String(result.value), value: result.value, kind: expect };
  }
  const error = refused as ScriptError;
  return { error: true, message: translate(error.problem.key, language, error.problem.params), line: error.line, column: error.column };
}

// ---------------------------------------------------------------------------------------------------------------
// API servers: keys and pushed values.

/**
 * An API server's key: `oee_<opcServerID>_<43 base64url characters>` (256 random bits). Only its SHA-256 is stored
 * (opc_servers.apiKeyHash); the key is shown once, when generated, and generating a new one replaces it. The server
 * id inside the key finds the row to compare with, in constant time.
 */
const API_KEY = /^oee_(\d{1,9})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_HEADER = 'X-Api-Key';

export async function createApiKey(db: Database, opcServerID: number) {
  const server = await findOpcServer(db, opcServerID);
  if (!server) throw notFound();
  if (server.serverType !== 'API') throw new AppError('conflict', 'opc.apiKeyNotApi');
  const apiKey = `oee_${opcServerID}_${randomBytes(32).toString('base64url')}`;
  await setApiKeyHash(db, opcServerID, hashToken(apiKey));
  return { opcServerID, apiKey, header: API_KEY_HEADER };
}

export async function revokeApiKey(db: Database, opcServerID: number): Promise<void> {
  if ((await setApiKeyHash(db, opcServerID, null)) === 0) throw notFound();
}

/** Who may push: the server of a valid API key, or (null) any API server for an administrator's session. */
export async function pushAuthority(
  db: Database,
  headers: { apiKey?: string; authorization?: string },
  now: number,
): Promise<number | null> {
  if (headers.apiKey) {
    const match = API_KEY.exec(headers.apiKey.trim());
    const server = match ? await findOpcServer(db, Number(match[1])) : undefined;
    if (!server?.apiKeyHash || !sameHash(server.apiKeyHash, hashToken(headers.apiKey.trim())))
      throw new AppError('unauthorized', 'tags.apiKeyInvalid');
    return server.opcServerID;
  }
  const token = headers.authorization ? /^Bearer\s+(\S+)$/i.exec(headers.authorization)?.[1] : undefined;
  if (!token) throw new AppError('unauthorized', 'auth.required');
  const session = await resolveSession(db, token, now);
  if (!session) throw new AppError('sessionExpired', 'auth.expired');
  if (session.mustChangePassword) throw new AppError('forbidden', 'password.changeDue');
  if (session.user.roleID !== ROLE.ADMINISTRATOR) throw new AppError('forbidden', 'auth.forbidden');
  return null;
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The values of a post: an array of entries, or an object of tagName → value; as JSON body or form field `values`. */
function readPushedEntries(body: unknown): PushedValueInput[] {
  // A bare list is the values themselves: `'values' in []` is true (Array.prototype.values), which once refused it.
  let raw: unknown =
    body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'values') ? (body as { values: unknown }).values : body;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new AppError('validation', 'validation.badJson', { field: 'values' });
    }
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) raw = Object.entries(raw).map(([tagName, value]) => ({ tagName, value }));
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_PUSHED_VALUES) throw new AppError('validation', 'tags.valuesRequired');
  return raw.map((entry) => {
    const parsed = pushedValueSchema.safeParse(entry);
    if (!parsed.success || (!parsed.data.tagName && !parsed.data.tagValue)) throw new AppError('validation', 'tags.valuesRequired');
    return parsed.data;
  });
}

const NUMERIC_TYPES = new Set(['Byte', 'Double', 'Float', 'Int16', 'Int32', 'Int64', 'SByte', 'UInt16', 'UInt32', 'UInt64']);

/** The value as the tag's type holds it, or undefined when it does not fit. */
function valueForType(tagType: string, value: string | number | boolean | null): TagValue | undefined {
  if (value === null) return null;
  if (tagType === 'Boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    if (value === 'true' || value === 'false') return value === 'true';
    return undefined;
  }
  if (NUMERIC_TYPES.has(tagType)) {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? number : undefined;
  }
  return typeof value === 'boolean' ? undefined : String(value);
}

/** `afterGap`: the tag had no good value (see plausibleSourceTime). */
function timeOf(timestamp: string | number | undefined, receivedAt: number, afterGap: boolean): number {
  if (timestamp === undefined) return receivedAt;
  const ms = typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
  if (!Number.isFinite(ms)) throw new AppError('validation', 'validation.invalid', { field: 'timestamp' });
  return plausibleSourceTime(ms, receivedAt, afterGap);
}

/**
 * Values pushed for API servers enter the tag cache as OPC UA values do. All or nothing: an unknown tag, a tag of
 * another server or a value that does not fit its type refuses the whole post, and nothing is applied.
 */
export function pushValues(manager: AcquisitionManager, authority: number | null, body: unknown, receivedAt: number): { accepted: number } {
  const sources = authority === null ? manager.apiSources() : [manager.apiSource(authority)];
  if (sources.some((source) => source === null)) throw new AppError('conflict', 'tags.apiServerDisabled');
  const byServer = new Map<(typeof sources)[number], PushedValue[]>();
  const unknown: string[] = [];
  for (const entry of readPushedEntries(body)) {
    const name = entry.tagName ?? entry.tagValue ?? '';
    const source = sources.find((candidate) => candidate?.tagNamed(name));
    const tagName = source?.tagNamed(name);
    const tag = tagName ? manager.tag(tagName) : undefined;
    if (!source || !tagName || !tag) {
      unknown.push(name);
      continue;
    }
    const value = valueForType(tag.tagType, entry.value);
    if (value === undefined) throw new AppError('validation', 'tags.badValue', { tag: tagName, type: tag.tagType });
    const values = byServer.get(source) ?? [];
    values.push({
      tagName,
      value,
      time: timeOf(entry.timestamp, receivedAt, !manager.cache.isGood(tagName)),
      good: (entry.good ?? true) && value !== null,
    });
    byServer.set(source, values);
  }
  if (unknown.length > 0) throw new AppError('validation', 'tags.unknownTags', { names: unknown.slice(0, 20).join(', ') });
  let accepted = 0;
  for (const [source, values] of byServer) {
    source?.write(values);
    accepted += values.length;
  }
  return { accepted };
}

/** SPEC.md "OPC tag status" for the tags a line's scripts read: name, node (url), quality and value. */
export function lineTagStatus(manager: AcquisitionManager, lineID: number, timeZone: string) {
  return manager.evaluator.tagsOfLine(lineID).map((tagName) => tagStatusForApi(manager.tagStatus(tagName), timeZone));
}
