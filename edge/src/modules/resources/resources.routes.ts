import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { registerGridResource } from '../grid/grid.routes';
import { parseInput } from '../../http/request-input';
import {
  lineQuerySchema,
  indicadorPorTurnoSchema,
  lineSummarySchema,
  RESOURCE_COLUMNS,
  resourceLookupSchema,
  resourceSchema,
  resourceTreeSchema,
  sectorFilterSchema,
} from './resources.schemas';
import { isIndicadorPorTurno, lineSummary, lookupResources, prepareResource, resourceTree } from './resources.service';

const ADMIN = [ROLE.ADMINISTRATOR];
const TAG = 'resources';

/**
 * Production lines ("resources", SPEC.md sections 3, 5, 7). The grid is the administrator's; the tree, the lookup,
 * a line by id and its per-shift switch answer every role (navigation and dashboard). The line number is chosen by
 * the administrator (1 to 99), never generated. Deleting a line that stops, orders, terminals, targets… still name is
 * refused by the foreign keys (409).
 */
export function registerResourceRoutes(api: Api, plant: Plant): void {
  registerGridResource(api, {
    name: TAG,
    path: '/api/Resources',
    table: 'lines',
    key: ['lineID'],
    columns: RESOURCE_COLUMNS,
    schema: resourceSchema,
    access: { read: ADMIN, write: ADMIN },
    stamp: true,
    namedPaths: {
      post: ['/api/Resources/PostResources'],
      put: ['/api/Resources/PutResources'],
      delete: ['/api/Resources/DeleteResources'],
    },
    prepare: prepareResource,
    // The acquisition evaluates the line scripts: tell it after each write.
    afterWrite: () => void plant.emit('configurationChanged', { area: 'lines' }),
  });

  api.route(
    {
      method: 'get',
      path: '/api/resources/tree',
      access: 'authenticated',
      tag: TAG,
      summary: 'Sectors with their lines: [{ sectorID, sectorName, lines: [{ lineID, description }] }].',
      response: resourceTreeSchema,
    },
    ({ ctx }) => resourceTree(ctx.db),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Resources/LookupResources',
      access: 'authenticated',
      tag: TAG,
      summary: 'Lines as [{ value, text, sectorID }], optionally of one sector.',
      query: sectorFilterSchema,
      response: resourceLookupSchema,
    },
    ({ ctx, query }) => lookupResources(ctx.db, query.sectorID),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Resources/GetById/:line',
      access: 'authenticated',
      tag: TAG,
      summary: 'One line: description, sector and switches (404 when there is none).',
      response: lineSummarySchema,
    },
    ({ ctx, params }) => lineSummary(ctx.db, parseInput(lineQuerySchema, { lineID: params.line }).lineID),
  );
  api.route(
    {
      method: 'get',
      path: '/api/resources/isIndicadorPorTurno',
      access: 'authenticated',
      tag: TAG,
      summary: 'Whether the line shows its indicators per shift (boolean; 404 for an unknown line).',
      query: lineQuerySchema,
      response: indicadorPorTurnoSchema,
    },
    ({ ctx, query }) => isIndicadorPorTurno(ctx.db, query.lineID),
  );
}
