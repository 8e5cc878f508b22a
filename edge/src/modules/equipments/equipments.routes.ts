import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { deleteResource, insertResource, listResource } from '../grid';
import { gridWriteBodies, registerGridResource } from '../grid/grid.routes';
import { gridPageSchema, rowSchemaOfResource, type GridResource } from '../grid/grid-resource';
import { readKey, readValues } from '../../http/request-input';
import { preparingWithReferences } from '../grid/prepare';
import { localizeReasonNames } from '../stop-reasons/reason-names';
import { equipmentStopsSource } from './equipments.repository';
import { EQUIPMENT_COLUMNS, EQUIPMENT_STOP_COLUMNS, equipmentSchema, equipmentStopSchema } from './equipments.schemas';
import { prepareEquipmentStop } from './equipments.service';

/** SPEC.md section 6: the administrator sees the supervisor's tabs but only the supervisor changes them. */
const ACCESS = { read: [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR], write: [ROLE.SUPERVISOR] } as const;

const equipmentStops = {
  name: 'equipments',
  path: '/api/equipments/stops',
  table: 'equipment_stop_reasons',
  key: ['equipmentID', 'reasonID'],
  columns: EQUIPMENT_STOP_COLUMNS,
  schema: equipmentStopSchema,
  access: ACCESS,
  source: equipmentStopsSource,
  defaultSort: [
    { column: 'reason', desc: false },
    { column: 'reasonID', desc: false },
  ],
  prepare: prepareEquipmentStop,
  localize: localizeReasonNames,
} satisfies GridResource<typeof equipmentStopSchema> as unknown as GridResource;

type AnyRow = Record<string, unknown>;

/**
 * Equipment (SPEC.md sections 3, 5, 7) and the stop reasons linked to it. The links are a pair with nothing else to
 * edit, so /api/equipments/stops answers get, post and delete only (SPEC.md section 7), through the same grid
 * functions as every resource. Deleting an equipment removes its links (ON DELETE CASCADE).
 */
export function registerEquipmentRoutes(api: Api): void {
  const tag = 'equipments';
  const stops = '/api/equipments/stops';
  const stopLinkBodies = gridWriteBodies(equipmentStops);
  const stopLinkRow = rowSchemaOfResource(equipmentStops);
  api.route(
    {
      method: 'get',
      path: [stops, `${stops}/get`],
      access: ACCESS.read,
      tag,
      summary: 'Stop reasons linked to equipment (filter by equipmentID).',
      response: gridPageSchema(stopLinkRow),
    },
    ({ ctx, query }) => listResource(equipmentStops, ctx.db, query as AnyRow, ctx.timeZone, ctx.language),
  );
  api.route(
    {
      method: 'post',
      path: [stops, `${stops}/post`],
      access: ACCESS.write,
      tag,
      summary: 'Links a stop reason (not a category) to equipment: values {equipmentID, reasonID}.',
      documentedBody: stopLinkBodies.post,
      response: stopLinkRow,
    },
    ({ ctx }) => insertResource(equipmentStops, ctx, readValues(ctx.req.body, ctx.req.query as AnyRow)),
  );
  api.route(
    {
      method: 'delete',
      path: [stops, `${stops}/delete`],
      access: ACCESS.write,
      tag,
      summary: 'Unlinks: key {equipmentID, reasonID}.',
      documentedBody: stopLinkBodies.delete,
      response: 'none',
    },
    ({ ctx }) => deleteResource(equipmentStops, ctx, readKey(ctx.req.body, ctx.req.query as AnyRow)),
  );

  registerGridResource(api, {
    name: tag,
    path: '/api/equipments',
    table: 'equipments',
    key: ['equipmentID'],
    generatedKey: true,
    columns: EQUIPMENT_COLUMNS,
    schema: equipmentSchema,
    access: ACCESS,
    defaultSort: [{ column: 'name', desc: false }],
    prepare: preparingWithReferences(EQUIPMENT_COLUMNS, [{ field: 'lineID', table: 'lines', column: 'lineID' }]),
  });
}
