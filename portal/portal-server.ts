import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { VERSION, type Settings } from '../edge/src/config';
import { apiErrorHandler, baseApp, routeNotFound } from '../edge/src/http/app';
import { holdConnections } from '../edge/src/http/connections';
import { AppError } from '../edge/src/http/errors';
import { buildOpenApi, openApiDocumentSchema } from '../edge/src/http/openapi';
import { refuseNulCharacters } from '../edge/src/http/request-input';
import { uiHandler, type UiFiles } from '../edge/src/http/ui-files';
import { createLogging } from '../edge/src/logger';
import { directorySettingsOf, type DirectorySettings } from '../edge/src/modules/auth/directory-names';
import { migrateCentral, type CentralDatabase } from '../sync/central/central-database';
import { createFirstAdministrator, FIRST_ADMINISTRATOR } from './portal-auth.service';
import { openPortalDatabase, pendingCentralMigrations, translatePgError } from './portal-database';
import { PortalApi, portalRolesOf, registerPortalRoutes } from './portal.routes';

/** The page of the built app that is the portal (Vite builds it beside the edge's index.html). */
export const PORTAL_PAGE = 'portal.html';

/**
 * The portal's HTTP application: the edge's base (security headers, bodies, sign-in limits, /meta.json), the portal's
 * declared routes, /api/openapi.json, a refusal of every other /api call — a write is answered 405, the portal never
 * writes plant data —, the portal page of the built app with an SPA fallback, and the edge's error middleware.
 */
export function createPortalApp(
  db: CentralDatabase,
  logger: Logger,
  options: { ui?: UiFiles; failedSignInsPerMinute: number; directory?: DirectorySettings | null; now?: () => number },
): { app: Express; api: PortalApi } {
  const app = baseApp(options.failedSignInsPerMinute);
  const api = new PortalApi(db, logger, options.directory ?? null, options.now);
  registerPortalRoutes(api);
  const openApi = buildOpenApi(api.routes, { title: 'OEE central portal API', rolesOf: portalRolesOf });
  api.route(
    { method: 'get', path: '/api/openapi.json', access: 'public', tag: 'meta', summary: 'This document.', response: openApiDocumentSchema },
    () => openApi,
  );
  app.use(refuseNulCharacters);
  app.use(api.router);
  app.use('/api', (req, _res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    next(
      req.method === 'GET' || req.method === 'HEAD'
        ? new AppError('notFound', 'route.notFound', { path })
        : new AppError('readOnly', 'portal.readOnly', { method: req.method, path }),
    );
  });
  const serveUi = options.ui && uiHandler(options.ui, PORTAL_PAGE);
  if (serveUi) app.get(/.*/, serveUi);
  app.use(routeNotFound);
  app.use(apiErrorHandler(logger, (error) => translatePgError(error)));
  return { app, api };
}

/** The portal's directory sign-in from its settings (DIRECTORY_DOMAIN…), with the edge's defaults; null when off. */
export function portalDirectoryOf(settings: Settings): DirectorySettings | null {
  return directorySettingsOf({
    enableDomainValidation: settings.directoryDomain ? 1 : 0,
    domain: settings.directoryDomain ?? null,
    enableGroupValidation: settings.directoryGroup ? 1 : 0,
    group: settings.directoryGroup ?? null,
    directoryUrl: settings.directoryUrl ?? null,
    directoryBaseDN: settings.directoryBaseDN ?? null,
    directoryBindName: settings.directoryBindName ?? null,
    directoryCaFile: settings.directoryCaFile ?? null,
  });
}

export interface RunningPortal {
  url: string;
  server: Server;
  api: PortalApi;
  db: CentralDatabase;
  /** The first administrator's temporary password when this start created it (shown once), else null. */
  firstPassword: string | null;
  close(): Promise<void>;
}

export interface StartPortalOptions {
  settings: Settings;
  ui?: UiFiles;
  /** Log to stdout (default true); tests keep quiet. */
  stdout?: boolean;
  now?: () => number;
}

/**
 * `oee-edge central serve`: the central schema brought up to date when migrations are pending (a read-only role
 * cannot: its DBA runs `oee-edge central migrate` first), the first administrator on an empty `portal.users`, then
 * the HTTP (or HTTPS) server.
 */
export async function startPortal(options: StartPortalOptions): Promise<RunningPortal> {
  const { settings } = options;
  const logging = createLogging({ level: settings.logLevel, stdout: options.stdout ?? true });
  const logger = logging.logger.child({ module: 'portal' });
  const db = openPortalDatabase(settings.syncDatabaseUrl!, (error) => logger.warn({ err: error }, 'Central database connection lost'));
  try {
    if ((await pendingCentralMigrations(db)).length) {
      const applied = await migrateCentral(db);
      logger.info({ applied }, 'Central schema migrated');
    }
  } catch (error) {
    await db.destroy();
    logging.close();
    throw new Error(
      `The central schema is not up to date and could not be migrated with this role: run 'oee-edge central migrate' with the schema owner's URL first (${(error as Error).message})`,
      { cause: error },
    );
  }
  const firstPassword = await createFirstAdministrator(db);
  if (firstPassword)
    logger.info(
      { userID: FIRST_ADMINISTRATOR },
      'First portal administrator created (its temporary password is printed once, never logged)',
    );

  const directory = portalDirectoryOf(settings);
  if (directory)
    logger.info(
      { url: directory.url, domain: directory.domain, baseDN: directory.baseDN, group: directory.group },
      'Directory sign-in on: the directory checks the passwords of all users but admin',
    );
  const { app, api } = createPortalApp(db, logger, {
    ui: options.ui,
    failedSignInsPerMinute: settings.failedSignInsPerMinute,
    directory,
    now: options.now,
  });
  const tls =
    settings.tlsCertFile && settings.tlsKeyFile
      ? { cert: readFileSync(settings.tlsCertFile), key: readFileSync(settings.tlsKeyFile) }
      : null;
  const server = await new Promise<Server>((resolve, reject) => {
    const s: Server = tls ? createHttpsServer(tls, app) : createHttpServer(app);
    s.once('error', reject);
    s.listen(settings.port, settings.host, () => resolve(s));
  }).catch(async (error: unknown) => {
    await db.destroy();
    logging.close();
    throw error;
  });
  holdConnections(server);
  const address = server.address() as AddressInfo;
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  logger.info({ url, version: VERSION }, 'OEE central portal listening');
  return {
    url,
    server,
    api,
    db,
    firstPassword,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      logging.close();
    },
  };
}
