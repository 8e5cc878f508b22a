import { z } from 'zod';
import type { Database } from '../../db/database';
import type { Access, Api } from '../../http/api';
import { keyValuesBody, readKey, readValues } from '../../http/request-input';
import { gridPageSchema, rowSchemaOfResource, type GridResource } from './grid-resource';
import { deleteResource, insertResource, listResource, updateResource } from './grid.repository';
import { loadOptionsQuerySchema } from './load-options';

/** The grid engine's HTTP half: a resource's four calls under every spelling, their documented bodies, and lookups. */

type AnyRow = Record<string, unknown>;

/** The documented key of a resource: its column as a whole number or a text, or an object of its columns when composite. */
function keySchemaOf(resource: GridResource): z.ZodType {
  const columnSchema = (column: string) => (resource.columns[column] === 'number' ? z.int() : z.string());
  if (resource.key.length === 1) return columnSchema(resource.key[0]!);
  return z.object(Object.fromEntries(resource.key.map((column) => [column, columnSchema(column)])));
}

/**
 * The bodies of a resource's writes as the OpenAPI document shows them: insert `values` (the record; a generated key
 * left out), update `key` + `values` (any of the record's fields), delete `key`.
 */
export function gridWriteBodies(resource: GridResource): Record<'post' | 'put' | 'delete', z.ZodType> {
  // The fields without the record's cross-field refinements (zod refuses to omit from a refined object; the document
  // cannot express them anyway).
  const fields = z.object(resource.schema.shape);
  const generated = resource.generatedKey ? resource.key.filter((column) => column in fields.shape) : [];
  const inserted = fields.omit(Object.fromEntries(generated.map((column) => [column, true])) as Record<string, true>);
  const key = keySchemaOf(resource);
  return {
    post: keyValuesBody({ values: inserted }),
    put: keyValuesBody({ key, values: fields.partial() }),
    delete: keyValuesBody({ key }),
  };
}

/** Mounts the four grid calls of a resource under every spelling. */
export function registerGridResource<S extends z.ZodObject>(api: Api, resource: GridResource<S>): void {
  const r = resource as unknown as GridResource;
  const named = resource.namedPaths ?? {};
  const paths = (verb: 'get' | 'post' | 'put' | 'delete') => [resource.path, `${resource.path}/${verb}`, ...(named[verb] ?? [])];
  const tag = resource.name;
  const bodies = gridWriteBodies(r);
  const row = rowSchemaOfResource(r);

  api.route(
    {
      method: 'get',
      path: paths('get'),
      access: resource.access.read,
      tag,
      summary: `List ${tag} (filter, sort, skip, take, requireTotalCount).`,
      query: loadOptionsQuerySchema,
      response: gridPageSchema(row),
    },
    ({ ctx, query }) => listResource(r, ctx.db, query as AnyRow, ctx.timeZone, ctx.language),
  );
  // Documented, not parsed, bodies: insertResource reads `values` (form field JSON, `values` in a JSON body, or the body
  // itself), normalizes it and then validates it; parsing the raw body with the record schema would refuse the first two.
  api.route(
    {
      method: 'post',
      path: paths('post'),
      access: resource.access.write,
      tag,
      summary: `Insert into ${tag} (values); answers the stored row.`,
      documentedBody: bodies.post,
      response: row,
    },
    ({ ctx }) => insertResource(r, ctx, readValues(ctx.req.body, ctx.req.query as AnyRow)),
  );
  api.route(
    {
      method: 'put',
      path: paths('put'),
      access: resource.access.write,
      tag,
      summary: `Update ${tag} (key, values); answers the stored row.`,
      documentedBody: bodies.put,
      response: row,
    },
    ({ ctx }) => updateResource(r, ctx, readKey(ctx.req.body, ctx.req.query as AnyRow), readValues(ctx.req.body, ctx.req.query as AnyRow)),
  );
  api.route(
    {
      method: 'delete',
      path: paths('delete'),
      access: resource.access.write,
      tag,
      summary: `Delete from ${tag} (key).`,
      documentedBody: bodies.delete,
      response: 'none',
    },
    ({ ctx }) => deleteResource(r, ctx, readKey(ctx.req.body, ctx.req.query as AnyRow)),
  );
}

/** A lookup's answer: `value` and `text`, and whatever a lookup adds (a product's unit, a line's sector). */
export const lookupSchema = z.array(z.looseObject({ value: z.union([z.string(), z.number()]), text: z.string() }));

export interface LookupSpec {
  path: string | readonly string[];
  access: Access;
  tag: string;
  /** Rows of { value, text, …extra }, ordered for display. */
  load: (db: Database, query: AnyRow) => Promise<AnyRow[]>;
}

/** A lookup call answering `[{ value, text }]` (SPEC.md section 7, "Lookups returning value and text"). */
export function registerLookup(api: Api, spec: LookupSpec): void {
  api.route(
    { method: 'get', path: spec.path, access: spec.access, tag: spec.tag, summary: 'Lookup: [{ value, text }].', response: lookupSchema },
    ({ ctx, query }) => spec.load(ctx.db, query as AnyRow),
  );
}
