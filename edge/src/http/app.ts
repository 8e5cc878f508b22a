import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { VERSION } from '../config';
import type { Plant } from '../plant';
import { Api } from './api';
import { AppError } from './errors';
import { fieldLabel, languageOf, translate, type Language } from './messages';
import { buildOpenApi, EDGE_OPENAPI, openApiDocumentSchema } from './openapi';
import { isDiskFull } from '../db/disk-full';
import { DateOutOfRangeError, SUPPORTED_DATES } from '../domain/time-zone';
import { translateSqliteError } from './sqlite-errors';
import { credentialRateLimit } from './credential-limit';
import { securityHeaders } from './security-headers';
import { uiHandler, type UiFiles } from './ui-files';

/** The largest request body accepted (JSON or form); a bigger one is answered 413. */
export const BODY_LIMIT = '5mb';

export type RouteModule = (api: Api, plant: Plant) => void;

export interface AppOptions {
  /** The built React app (index.html and assets); omitted when there is none (API tests). */
  ui?: UiFiles;
  modules: readonly RouteModule[];
}

/** An error as the API answers it: `{ error: { code, message, fields? } }` in the language given. */
export function errorBody(error: AppError, language: Language) {
  const params = { ...error.params };
  if (typeof params.field === 'string') params.field = fieldLabel(params.field, language);
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([field, m]) => [
          field,
          translate(m.key, language, { ...m.params, field: fieldLabel(String(m.params?.field ?? field), language) }),
        ]),
      )
    : undefined;
  return { error: { code: error.code, message: translate(error.messageKey, language, params), ...(fields ? { fields } : {}) } };
}

/**
 * What every HTTP server of the product starts with (the edge, the central portal): no X-Powered-By, the security
 * headers, JSON and form bodies up to BODY_LIMIT, /meta.json with the version, and failed sign-ins and signatures
 * limited per source address.
 */
export function baseApp(failedSignInsPerMinute: number): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(securityHeaders());
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.use('/api', credentialRateLimit(failedSignInsPerMinute));
  app.get('/meta.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ version: VERSION });
  });
  return app;
}

/**
 * What no route and no page answered (a POST to /login, a DELETE to /): the API's JSON 404, never Express's HTML page.
 */
export const routeNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('notFound', 'route.notFound', { path: (req.originalUrl.split('?')[0] ?? '').slice(0, 200) }));
};

/** A date outside the plant calendar's range, wherever it was parsed (query, filter, grid values, body). */
function dateOutOfRange(error: DateOutOfRangeError): AppError {
  return new AppError('validation', 'validation.dateRange', {
    value: error.value,
    first: SUPPORTED_DATES.firstPlantDate,
    last: SUPPORTED_DATES.lastPlantDate,
  });
}

/**
 * The error middleware every server ends with: an AppError as the API's JSON error in the caller's language; what
 * `translate` recognizes (a database's own refusals) likewise; body-parser failures as 413 or 400; anything else
 * logged and answered 500 — never Express's HTML page with a stack.
 */
export function apiErrorHandler(
  logger: Logger,
  translateError: (error: unknown, req: Request) => AppError | undefined = () => undefined,
): ErrorRequestHandler {
  const answer = (error: unknown, req: Request, res: Response) => {
    const language = languageOf(req.get('accept-language'));
    const refused =
      error instanceof AppError ? error : error instanceof DateOutOfRangeError ? dateOutOfRange(error) : translateError(error, req);
    if (refused) {
      res.status(refused.status).json(errorBody(refused, language));
      return;
    }
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (status === 413) {
      res.status(413).json(errorBody(new AppError('tooLarge', 'request.tooLarge', { max: BODY_LIMIT }), language));
      return;
    }
    if (status && status >= 400 && status < 500) {
      // Malformed JSON body and the like, from the body parsers.
      res.status(400).json(errorBody(new AppError('validation', 'validation.invalid', { field: 'body' }), language));
      return;
    }
    logger.error({ err: error, path: req.path }, 'Unhandled error');
    res.status(500).json(errorBody(new AppError('internal', 'internal.error'), language));
  };
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    try {
      answer(error, req, res);
    } catch {
      if (!res.headersSent)
        res.status(500).json({ error: { code: 'internal', message: translate('internal.error', languageOf(req.get('accept-language'))) } });
    }
  };
}

/**
 * The HTTP application: JSON and form bodies, /meta.json, the API routes of every module, /api/openapi.json, the
 * built UI with an SPA fallback, and one error middleware that turns every failure into the API's error shape.
 */
export function createApp(plant: Plant, options: AppOptions): { app: Express; api: Api } {
  const app = baseApp(plant.settings.failedSignInsPerMinute);
  const api = new Api(plant);
  for (const register of options.modules) register(api, plant);
  // Serialized once: every app load asks for it (api-availability), and it is some 175 KB of JSON.
  const openApiText = JSON.stringify(buildOpenApi(api.routes, EDGE_OPENAPI));
  api.route(
    {
      method: 'get',
      path: '/api/openapi.json',
      access: 'public',
      duringSetup: true,
      tag: 'meta',
      summary: 'This document.',
      response: openApiDocumentSchema,
    },
    ({ ctx }) => {
      ctx.res.type('json').send(openApiText);
    },
  );
  app.use(api.router);
  app.use('/api', (req, _res, next) =>
    next(
      plant.db
        ? new AppError('notFound', 'route.notFound', { path: req.originalUrl.split('?')[0] ?? '' })
        : new AppError('setupPending', 'setup.pending'),
    ),
  );

  const serveUi = options.ui && uiHandler(options.ui);
  if (serveUi) app.get(/.*/, serveUi);
  app.use(routeNotFound);

  app.use(
    apiErrorHandler(plant.logger, (error, req) => {
      if (isDiskFull(error)) {
        // The cause as SQLite or the file system gave it, for whoever frees the space; the caller gets the plain words.
        plant.logger.error({ err: error, path: req.path }, 'Disk full: a write was refused');
        return new AppError('diskFull', 'disk.full');
      }
      // A constraint the schema declares, met by no check before it (a row naming a line that does not exist): the
      // caller's error, never a 500.
      const refused = translateSqliteError(error, req.method === 'DELETE' ? 'delete' : 'insert');
      return refused instanceof AppError ? refused : undefined;
    }),
  );
  return { app, api };
}
