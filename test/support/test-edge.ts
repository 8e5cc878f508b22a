import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../../edge/src/config';
import type { RoleId } from '../../edge/src/domain/roles';
import { startSyncQueue } from '../../edge/src/db/outbox';
import { hashPassword } from '../../edge/src/modules/auth/password';
import type { LogFileSystem } from '../../edge/src/logger';
import { startEdge, type RunningEdge } from '../../edge/src/server';
import type { UiFiles } from '../../edge/src/http/ui-files';

/**
 * A real edge for API tests: its own temporary data directory, a real SQLite database, the real HTTP server on a
 * free port of 127.0.0.1. `configured` runs the first-run setup through the API, as a user would.
 */

export interface CallOptions {
  token?: string | null;
  /** JSON body. */
  json?: unknown;
  /** Form fields (application/x-www-form-urlencoded); objects are sent as JSON text, as the grids do. */
  form?: Record<string, unknown>;
  query?: Record<string, unknown>;
  language?: 'es' | 'en';
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  text: string;
}

export interface TestEdge {
  edge: RunningEdge;
  url: string;
  dataDir: string;
  /** Token of the `admin` created by setup (null when not configured). */
  adminToken: string | null;
  adminPassword: string | null;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Creates an active user with this role (password = userID) and returns a session token for it. */
  userWithRole(roleID: RoleId, userID?: string): Promise<{ userID: string; password: string; token: string }>;
  /** Stops the edge; `keepData` leaves its data directory for an edge started again on it (`dataDir`). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** One HTTP call to an edge at `url`, as the app and the grids make them. */
/**
 * The administrator's first sign-in after setup (issue 15): signs in with the temporary password and changes it, as
 * the app makes them do. Returns the session (still valid after the change) and the password now in force.
 */
export async function completeFirstSignIn(url: string, temporaryPassword: string): Promise<{ token: string; password: string }> {
  const login = await callEdge(url, 'POST', '/api/users/authenticate', { json: { userid: 'admin', password: temporaryPassword } });
  if (login.status !== 200) throw new Error(`first sign-in failed: ${login.text}`);
  const password = `${temporaryPassword}-own`;
  const change = await callEdge(url, 'POST', '/api/users/changePassword', {
    token: login.body.token,
    json: { currentPassword: temporaryPassword, newPassword: password },
  });
  if (change.status !== 204) throw new Error(`first password change failed: ${change.text}`);
  return { token: login.body.token, password };
}

export async function callEdge<T = any>(url: string, method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const target = new URL(path, url);
  for (const [k, v] of Object.entries(opts.query ?? {})) target.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.language) headers['accept-language'] = opts.language;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(opts.form).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  }
  const response = await fetch(target, { method: method.toUpperCase(), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, text };
}

export const ROLE_USER_IDS: Record<RoleId, string> = { 1: 'tadmin', 2: 'tsuper', 3: 'toper', 4: 'tconsul' };

export async function startTestEdge(
  options: {
    configured?: boolean;
    timeZone?: string;
    now?: () => number;
    /** Built UI to serve (browser tests). */
    uiDir?: string;
    /** The built UI's files, served instead of `uiDir`'s (a benchmark switching between two builds). */
    ui?: UiFiles;
    /** FAILED_SIGNINS_PER_MINUTE (default: high enough for tests that fail signatures on purpose). */
    failedSignInsPerMinute?: number;
    /** The data directory of an edge closed with keepData: this edge starts again on it (signed in as `admin`). */
    again?: { dataDir: string; adminPassword: string };
    /** The port to listen on (default: a free one); an edge started again on the port of one closed, to its browsers the same edge. */
    port?: number;
    /** The file system the edge's log file is written with (a full disk, in tests). */
    logFileSystem?: LogFileSystem;
    /** Runs before the plant is read at each try of the acquisition's start (a start that fails, in tests). */
    beforeReading?: () => Promise<unknown>;
    /**
     * Open the sync outbox at setup, as on a plant where sync was enabled (default): the tests of the write paths
     * check the outbox rows. false: an edge on which sync was never enabled (no outbox row is queued).
     */
    syncQueue?: boolean;
  } = {},
): Promise<TestEdge> {
  const dataDir = options.again?.dataDir ?? mkdtempSync(join(tmpdir(), 'oee-test-'));
  const settings: Settings = Object.freeze({
    command: 'serve',
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir,
    timeZone: options.timeZone ?? 'America/Argentina/Buenos_Aires',
    logLevel: 'warn',
    args: [],
    failedSignInsPerMinute: options.failedSignInsPerMinute ?? 1_000,
  });
  const edge = await startEdge({
    settings,
    stdout: false,
    now: options.now,
    uiDir: options.uiDir,
    ui: options.ui,
    logFileSystem: options.logFileSystem,
    beforeReading: options.beforeReading,
  });
  const url = edge.url;

  const call = <T = any>(method: string, path: string, opts: CallOptions = {}) => callEdge<T>(url, method, path, opts);

  let adminToken: string | null = null;
  let adminPassword: string | null = options.again?.adminPassword ?? null;
  if (options.again) {
    adminToken = (await call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: adminPassword } })).body.token;
  } else if (options.configured ?? true) {
    const setup = await call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', connectionString: '' } });
    if (!setup.body?.valid) throw new Error(`setup failed: ${setup.text}`);
    if (options.syncQueue ?? true) await startSyncQueue(edge.plant.db!, edge.plant.now());
    ({ token: adminToken, password: adminPassword } = await completeFirstSignIn(url, setup.body.password));
  }

  return {
    edge,
    url,
    dataDir,
    adminToken,
    adminPassword,
    call,
    async userWithRole(roleID, userID = ROLE_USER_IDS[roleID]) {
      const db = edge.plant.db;
      if (!db) throw new Error('not configured');
      const existing = await db.selectFrom('users').select('userID').where('userID', '=', userID).executeTakeFirst();
      if (!existing) {
        await db
          .insertInto('users')
          .values({
            userID,
            firstName: 'Test',
            lastName: `Role ${roleID}`,
            email: `${userID}@example.com`,
            groupID: null,
            passwordHash: await hashPassword(userID),
            roleID,
            lockedUntil: null,
            updatedBy: null,
            updateDate: null,
          })
          .execute();
      }
      const login = await call('POST', '/api/users/authenticate', { json: { userid: userID, password: userID } });
      if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
      return { userID, password: userID, token: login.body.token };
    },
    async close(closing = {}) {
      await edge.close();
      if (!closing.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
