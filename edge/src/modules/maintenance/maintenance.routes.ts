import { z } from 'zod';
import type { Api, AuthedContext } from '../../http/api';
import { lookupSchema, registerGridResource } from '../grid/grid.routes';
import { MAINTENANCE_CALL_ROLES as CALL_ROLES, MAINTENANCE_CLOSE_ROLES as CLOSE_ROLES } from '../../domain/roles';
import type { MaintenanceAction } from '../../domain/maintenance';
import { queryInt } from '../grid/fields';
import { clockOf } from '../engine';
import {
  CALL_REASON_COLUMNS,
  callActionSchema,
  callReasonSchema,
  maintenanceAlertSchema,
  maintenanceCallPageSchema,
  maintenanceCallRowSchema,
  mttrQuery,
  mttrResponseSchema,
  newCallSchema,
  REASON_ACCESS,
} from './maintenance.schemas';
import { actOnCall, callMaintenance, firstAlert, lineEquipment, listMaintenanceCalls, maintenanceMttr } from './maintenance.service';

const TAG = 'maintenance';
const alertQuery = z.preprocess(
  (value) => {
    const input = (value ?? {}) as Record<string, unknown>;
    return { lineID: input.lineid ?? input.lineID ?? input.lineId };
  },
  z.object({ lineID: queryInt() }),
);

const ACTIONS: ReadonlyArray<{ action: MaintenanceAction; path: string; access: typeof CALL_ROLES | typeof CLOSE_ROLES; summary: string }> =
  [
    {
      action: 'start',
      path: '/api/maintenance/start',
      access: CALL_ROLES,
      summary: 'Maintenance staff take a Waiting call (callID): Started, startDate stamped; the call’s stop gets its waiting minutes.',
    },
    {
      action: 'finish',
      path: '/api/maintenance/finish',
      access: CALL_ROLES,
      summary: 'Finishes a Started call (callID): Finished, endDate stamped; the call’s stop gets its maintenance minutes.',
    },
    {
      action: 'close',
      path: '/api/maintenance/close',
      access: CLOSE_ROLES,
      summary: 'Closes a Waiting or Started call as not a maintenance matter (NoMtto, status 4), endDate stamped.',
    },
  ];

/**
 * Maintenance calls (SPEC §7 for the dashboards' reads; the maintenance manager module for the rest): calls made by
 * operators and supervisors, taken and finished by maintenance staff, every instant stamped by the server.
 */
export function registerMaintenanceRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: ['/api/maintenance', '/api/maintenance/get'],
      access: 'authenticated',
      tag: TAG,
      summary:
        'Maintenance calls grid (filter such as resourceLineID and status not Finished; sort, skip, take), with lineDescription, sectorID, sectorName, equipmentName, waitingMinutes and maintenanceMinutes.',
      response: maintenanceCallPageSchema,
    },
    ({ ctx, query }) => listMaintenanceCalls(ctx.db, query as Record<string, unknown>, clockOf(ctx)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/alerts/first',
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'The maintenance call in progress (Waiting or Started) on a line (lineid), with minutes since the call and overLimit past 10 minutes; null when none.',
      query: alertQuery,
      response: maintenanceAlertSchema,
    },
    ({ ctx, query }) => firstAlert(ctx.db, query.lineID, clockOf(ctx)),
  );
  api.route(
    {
      method: 'post',
      path: '/api/maintenance/call',
      access: CALL_ROLES,
      tag: TAG,
      summary:
        'Calls maintenance on a line: lineID, callReasonID (the configured list), equipmentID of the line (optional), message (optional). Waiting, stamped now; the stop in progress gets its declaring time. Refused when the line already has an open call.',
      body: newCallSchema,
      response: maintenanceCallRowSchema,
    },
    ({ ctx, body }) => callMaintenance(ctx.db, body, ctx.user, clockOf(ctx)),
  );
  for (const { action, path, access, summary } of ACTIONS) {
    api.route(
      { method: 'post', path, access, tag: TAG, summary, body: callActionSchema, response: maintenanceCallRowSchema },
      ({ ctx, body }: { ctx: AuthedContext; body: z.output<typeof callActionSchema> }) =>
        actOnCall(ctx.db, body.callID, action, ctx.user, clockOf(ctx)),
    );
  }
  api.route(
    {
      method: 'get',
      path: '/api/maintenance/mttr',
      access: 'authenticated',
      tag: TAG,
      summary:
        'MTTR per line and per equipment over the Finished calls made in production days from–to (YYYY-MM-DD, 06:00 to 06:00, both included; default the last 30), optionally of one sector: finishedCalls, maintenanceMinutes, mttr and meanWaiting (minutes).',
      query: mttrQuery,
      response: mttrResponseSchema,
    },
    ({ ctx, query }) => maintenanceMttr(ctx.db, query, clockOf(ctx)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/maintenance/equipment',
      access: 'authenticated',
      tag: TAG,
      summary: 'The equipment a call on a line (lineID) may name, as value and text: the line’s own and equipment of no particular line.',
      query: z.object({ lineID: queryInt() }),
      response: lookupSchema,
    },
    ({ ctx, query }) => lineEquipment(ctx.db, query.lineID),
  );
  registerGridResource(api, {
    name: TAG,
    path: '/api/maintenance/reasons',
    table: 'maintenance_call_reasons',
    key: ['callReasonID'],
    generatedKey: true,
    columns: CALL_REASON_COLUMNS,
    schema: callReasonSchema,
    access: REASON_ACCESS,
    stamp: true,
    defaultSort: [{ column: 'name', desc: false }],
  });
}
