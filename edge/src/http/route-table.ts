import type { NextFunction, Request, Response, Router } from 'express';
import express from 'express';
import type { z } from 'zod';
import { parseInput } from './request-input';

/**
 * The declaration of an HTTP route, whatever server it belongs to (the edge's Api, the central portal): method,
 * paths, who may call it (each server's own `access` type), its zod schemas and its documentation. The same
 * declarations enforce access, parse the input, document the API (/api/openapi.json) and drive the permission tests.
 */
export interface DeclaredRoute<Access> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** One or more Express paths (matching is case-insensitive). The first is the documented one. */
  path: string | readonly string[];
  access: Access;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body as documented when the handler reads it itself instead of through `body` (grid writes read `values` and
   * `key` from form fields or JSON with request-input's readers): shown in /api/openapi.json, never parsed here.
   */
  documentedBody?: z.ZodType;
  /**
   * What the route answers, declared by every route (test/api/route-responses.test.ts): the zod schema of its JSON,
   * shown in /api/openapi.json and imported by the app as a type (`z.infer`); 'none' when it answers 204 without a
   * body; 'file' when it sends a file (a download, an xlsx).
   */
  response?: RouteResponse;
}

export type RouteResponse = z.ZodType | 'none' | 'file';

export interface RouteEntry<Spec> {
  spec: Spec;
  paths: readonly string[];
}

/**
 * A router whose every route is declared: the context of a call (who calls, in which language…) comes from
 * `contextOf`, which refuses the call (throws) when the caller may not make it; then the query and body are parsed
 * with the route's schemas and the handler's result is answered as JSON (204 when it answers nothing).
 */
export class RouteTable<Spec extends DeclaredRoute<unknown>, Context> {
  readonly router: Router = express.Router({ caseSensitive: false });
  readonly routes: RouteEntry<Spec>[] = [];

  constructor(private readonly contextOf: (spec: Spec, req: Request, res: Response) => Promise<Context>) {}

  protected register(
    spec: Spec,
    handler: (input: { ctx: Context; query: unknown; body: unknown; params: Record<string, string> }) => Promise<unknown> | unknown,
  ): void {
    const paths = typeof spec.path === 'string' ? [spec.path] : [...spec.path];
    this.routes.push({ spec, paths });
    const run = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      try {
        const ctx = await this.contextOf(spec, req, res);
        const query = spec.query ? parseInput(spec.query, req.query) : req.query;
        const body = spec.body ? parseInput(spec.body, req.body ?? {}) : (req.body ?? {});
        const result = await handler({ ctx, query, body, params: req.params as Record<string, string> });
        if (res.headersSent) return;
        if (result === undefined) res.status(204).end();
        else res.json(result);
      } catch (error) {
        next(error);
      }
    };
    for (const path of paths) this.router[spec.method](path, run);
  }
}
