import { z } from 'zod';
import { parsePlantDate } from '../../domain/time-zone';
import type { Api } from '../../http/api';
import { AppError, fieldError } from '../../http/errors';
import { normalizeApiValues } from '../grid/grid-resource';
import { keyValuesBody, parseInput, readKey, readValues, wholeNumberKey, wholeNumberKeySchema } from '../../http/request-input';
import { verifySignature } from '../auth/auth.service';
import { clockOf, applyLineEvents } from '../engine';
import { stopSummary } from './stop-summary.service';
import {
  manualStopSchema,
  recognizeSchema,
  splitSchema,
  STOP_COLUMNS,
  STOP_DELETE_ROLES,
  STOP_EDIT_ROLES,
  stopChangesSchema,
  stopSummaryQuerySchema,
  stopSummaryResponseSchema,
  stopPageSchema,
  stopRowSchema,
} from './stops.schemas';
import { deleteStop, listStops, recognizeStops, splitStop, stopToApi, updateStop } from './stops.service';

const TAG = 'stops';
const paths = (verb: string) => ['/api/stops', `/api/stops/${verb}`];

/** The stop key of PUT/DELETE: a stopID, or the grid's { order, lineID, stopID }. */
function stopIdOf(raw: unknown): number {
  return wholeNumberKey(raw, 'stopID');
}

/** A date of the split dialog (ISO or epoch ms); absent is "not moved"; unreadable is the field's own message. */
function splitInstant(
  value: string | number | null | undefined,
  timeZone: string,
  key: 'split.invalidStart' | 'split.invalidEnd',
  field: string,
): number | null {
  if (value === undefined || value === null || value === '') return null;
  const ms = parsePlantDate(value, timeZone);
  if (ms === null) throw fieldError('validation', key, field);
  return ms;
}

/** Stops (SPEC §7): the grid, manual entry, recognition, split and the stop summary. */
export function registerStopRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: paths('get'),
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'Stops grid (filter, sort, skip, take, requireTotalCount; lineID, order, stopID, recognized as plain parameters too). duration in minutes.',
      response: stopPageSchema,
    },
    ({ ctx, query }) => listStops(ctx.db, query as Record<string, unknown>, clockOf(ctx), ctx.language),
  );

  api.route(
    {
      method: 'post',
      path: paths('post'),
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'Enters a stop by hand on a line with the manual stops manager and no beacon script (values: lineID, startDate, endDate or null, reasonID, observation, equipmentName). 409 when it overlaps another stop of the line (named with its start and end) or the line has a beacon.',
      body: manualStopSchema.partial(),
      response: stopRowSchema,
    },
    async ({ ctx }) => {
      const values = parseInput(
        manualStopSchema,
        normalizeApiValues(readValues(ctx.req.body, ctx.req.query as Record<string, unknown>), STOP_COLUMNS, ctx.timeZone),
      );
      const event = {
        type: 'manualStop' as const,
        lineID: values.lineID,
        startMs: values.startDate,
        endMs: values.endDate ?? null,
        reasonID: values.reasonID,
        observation: values.observation,
        equipmentName: values.equipmentName,
        maintenanceReason: values.maintenanceReason,
      };
      const result = await applyLineEvents(ctx.db, [event], { nowMs: ctx.now, timeZone: ctx.timeZone, userID: ctx.user.userID });
      return stopToApi(result.manualStops[0]!, clockOf(ctx), ctx.language);
    },
  );

  api.route(
    {
      method: 'put',
      path: paths('put'),
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'Changes a stop (key: stopID; values: observation, equipmentName, maintenanceReason; startDate/endDate on lines with the manual stops manager).',
      documentedBody: keyValuesBody({ key: wholeNumberKeySchema('stopID'), values: stopChangesSchema }),
      response: stopRowSchema,
    },
    async ({ ctx }) => {
      const input = ctx.req.query as Record<string, unknown>;
      const values = parseInput(stopChangesSchema, normalizeApiValues(readValues(ctx.req.body, input), STOP_COLUMNS, ctx.timeZone));
      const changes = {
        startMs: values.startDate,
        endMs: values.endDate,
        observation: values.observation,
        equipmentName: values.equipmentName,
        maintenanceReason: values.maintenanceReason,
      };
      return stopToApi(
        await updateStop(ctx.db, stopIdOf(readKey(ctx.req.body, input)), changes, clockOf(ctx), ctx.user),
        clockOf(ctx),
        ctx.language,
      );
    },
  );

  api.route(
    {
      method: 'delete',
      path: paths('delete'),
      access: STOP_DELETE_ROLES,
      tag: TAG,
      summary:
        'Deletes a closed stop entered by hand on a line with the manual stops manager (key: stopID); 409 for a stop the acquisition recorded.',
      documentedBody: keyValuesBody({ key: wholeNumberKeySchema('stopID') }),
      response: 'none',
    },
    ({ ctx }) => deleteStop(ctx.db, stopIdOf(readKey(ctx.req.body, ctx.req.query as Record<string, unknown>)), clockOf(ctx), ctx.user),
  );

  api.route(
    {
      method: 'post',
      path: '/api/stops/recognize',
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'Recognizes or modifies stops with a reason (stopValues, reasonValues, username, password, observation), all in one transaction. onlyUnrecognized: true refuses the whole call (409) when one of the stops was recognized meanwhile. Signed by a supervisor or an operator.',
      body: recognizeSchema,
      response: z.array(stopRowSchema),
    },
    async ({ ctx, body }) => {
      const signer = await verifySignature(ctx.db, body, STOP_EDIT_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      const stops = await recognizeStops(
        ctx.db,
        { stopIDs: body.stopValues, reasonID: body.reasonValues, observation: body.observation, onlyUnrecognized: body.onlyUnrecognized },
        signer,
        clockOf(ctx),
      );
      return stops.map((stop) => stopToApi(stop, clockOf(ctx), ctx.language));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/stops/split',
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'Splits a stop (stopID, lineID, order, newStart, newEnd, user, password); answers the pieces in time order, the selected one new and unrecognized.',
      body: splitSchema,
      response: z.array(stopRowSchema),
    },
    async ({ ctx, body }) => {
      const newStartMs = splitInstant(body.newStart, ctx.timeZone, 'split.invalidStart', 'newStart');
      const newEndMs = splitInstant(body.newEnd, ctx.timeZone, 'split.invalidEnd', 'newEnd');
      const signer = await verifySignature(ctx.db, body, STOP_EDIT_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      const pieces = await splitStop(ctx.db, { stopID: body.stopID, lineID: body.lineID, newStartMs, newEndMs }, signer, clockOf(ctx));
      return pieces.map((stop) => stopToApi(stop, clockOf(ctx), ctx.language));
    },
  );

  api.route(
    {
      method: 'get',
      path: ['/api/stops/getStopsSummary', '/api/stops/summary'],
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'Stop summary of a line (or sector, or plant) between startDate and endDate: by path cut to level, by reason and Pareto; minutes, percents 0..1; system reasons named in the request language.',
      query: stopSummaryQuerySchema,
      response: stopSummaryResponseSchema,
    },
    ({ ctx, query }) => {
      const fromMs = parsePlantDate(query.startDate, ctx.timeZone);
      const toMs = parsePlantDate(query.endDate, ctx.timeZone);
      if (fromMs === null || toMs === null || toMs < fromMs) throw new AppError('validation', 'summary.filterRequired');
      const product = query.product && query.product !== '0' && query.product.toLowerCase() !== 'all' ? query.product : null;
      const root = query.root && query.root > 0 ? query.root : null;
      return stopSummary(
        ctx.db,
        {
          lineID: query.line ?? query.lineID,
          sectorID: query.sector ?? query.sectorID,
          productCode: product,
          rootID: root,
          fromMs,
          toMs,
          level: query.level,
        },
        ctx.now,
        ctx.language,
      );
    },
  );
}
