import { z } from 'zod';
import { VERSION } from '../config';
import { allowedRoles, type Access } from './api';
import type { DeclaredRoute, RouteEntry, RouteResponse } from './route-table';

const ROLE_NAMES: Record<number, string> = { 1: 'administrator', 2: 'supervisor', 3: 'operator', 4: 'consultant' };

/** A schema as JSON Schema: as a request's input is read ('input'), or as an answer is sent ('output'). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

export interface OpenApiOptions<A> {
  title: string;
  /** 'public' for a route without a session, else the names of the roles that may call it. */
  rolesOf: (access: A) => 'public' | readonly string[];
}

/** The edge's document: its roles by name, every role for 'authenticated'. */
export const EDGE_OPENAPI: OpenApiOptions<Access> = {
  title: 'OEE edge API',
  rolesOf: (access) => (access === 'public' ? 'public' : allowedRoles(access).map((r) => ROLE_NAMES[r]!)),
};

/** The success answer of a route as declared: its JSON's schema, 204 without a body, or a file. */
function answerOf(response: RouteResponse | undefined): Record<string, unknown> {
  if (response === 'none') return { '204': { description: 'No content' } };
  if (response === 'file') return { '200': { description: 'A file', content: { 'application/octet-stream': {} } } };
  if (response) return { '200': { description: 'OK', content: { 'application/json': { schema: jsonSchema(response, 'output') } } } };
  return { '200': { description: 'OK' } };
}

/** GET /api/openapi.json: an OpenAPI 3.1 document (its operations as buildOpenApi writes them). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** The OpenAPI 3.1 document of every registered route, generated from the route declarations and zod schemas. */
export function buildOpenApi<A>(routes: readonly RouteEntry<DeclaredRoute<A>>[], options: OpenApiOptions<A>): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec, paths: routePaths } of routes) {
    const named = options.rolesOf(spec.access);
    const access = named === 'public' ? 'public' : 'roles';
    const roles = named === 'public' ? [] : named;
    const [documented, ...aliases] = routePaths;
    const path = documented!.replace(/:(\w+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      tags: [spec.tag],
      summary: spec.summary,
      description: [
        access === 'public' ? 'Public.' : `Roles: ${roles.join(', ')}.`,
        aliases.length ? `Also answered at: ${aliases.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      'x-roles': access === 'public' ? [] : roles,
      security: access === 'public' ? [] : [{ bearer: [] }],
      responses: {
        ...answerOf(spec.response),
        ...(access === 'public' ? {} : { '401': { description: 'No or expired session' }, '403': { description: 'Role not allowed' } }),
        '400': { description: 'Validation error: { error: { code, message, fields } }' },
      },
    };
    const pathParams = [...documented!.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParams: unknown[] = [];
    if (spec.query) {
      const schema = jsonSchema(spec.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        queryParams.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    if (pathParams.length || queryParams.length) operation.parameters = [...pathParams, ...queryParams];
    const body = spec.body ?? spec.documentedBody;
    if (body) operation.requestBody = { content: { 'application/json': { schema: jsonSchema(body) } } };
    paths[path] ??= {};
    paths[path][spec.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: VERSION },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
