import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import { VERSION } from '../config';
import type { Plant } from '../plant';
import { Api } from './api';
import { AppError } from './errors';
import { fieldLabel, languageOf, translate, type Language } from './messages';
import { buildOpenApi } from './openapi';
import { isDiskFull } from '../db/disk-full';
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
 * The HTTP application: JSON and form bodies, /meta.json, the API routes of every module, /api/openapi.json, the
 * built UI with an SPA fallback, and one error middleware that turns every failure into the API's error shape.
 */
export function createApp(plant: Plant, options: AppOptions): { app: Express; api: Api } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(securityHeaders());
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.use('/api', credentialRateLimit(plant.settings.failedSignInsPerMinute));

  app.get('/meta.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ version: VERSION });
  });

  const api = new Api(plant);
  for (const register of options.modules) register(api, plant);
  // Serialized once: every app load asks for it (api-availability), and it is some 175 KB of JSON.
  const openApiText = JSON.stringify(buildOpenApi(api.routes));
  api.route(
    { method: 'get', path: '/api/openapi.json', access: 'public', duringSetup: true, tag: 'meta', summary: 'This document.' },
    ({ ctx }) => {
      ctx.res.type('json').send(openApiText);
    },
  );
  app.use(api.router);
  app.use('/api', (req, _res, next) =>
    next(plant.db ? new AppError('notFound', 'route.notFound', { path: req.originalUrl.split('?')[0] ?? '' }) : new AppError('setupPending', 'setup.pending')),
  );

  const serveUi = options.ui && uiHandler(options.ui);
  if (serveUi) app.get(/.*/, serveUi);

  const answer = (error: unknown, req: Request, res: Response) => {
    const language = languageOf(req.get('accept-language'));
    if (error instanceof AppError) {
      res.status(error.status).json(errorBody(error, language));
      return;
    }
    if (isDiskFull(error)) {
      // The cause as SQLite or the file system gave it, for whoever frees the space; the caller gets the plain words.
      plant.logger.error({ err: error, path: req.path }, 'Disk full: a write was refused');
      res.status(507).json(errorBody(new AppError('diskFull', 'disk.full'), language));
      return;
    }
    // A constraint the schema declares, met by no check before it (a row naming a line that does not exist): the
    // caller's error, never a 500.
    const refused = translateSqliteError(error, req.method === 'DELETE' ? 'delete' : 'insert');
    if (refused instanceof AppError) {
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
    plant.logger.error({ err: error, path: req.path }, 'Unhandled error');
    res.status(500).json(errorBody(new AppError('internal', 'internal.error'), language));
  };
  // Whatever happens while answering, the caller gets the API's JSON error, never Express's HTML page with a stack.
  const handleError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    try {
      answer(error, req, res);
    } catch {
      if (!res.headersSent) res.status(500).json({ error: { code: 'internal', message: translate('internal.error', languageOf(req.get('accept-language'))) } });
    }
  };
  app.use(handleError);
  return { app, api };
}
