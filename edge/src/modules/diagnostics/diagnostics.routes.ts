import { requireAcquisition } from '../../acquisition/index';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import {
  aboveNominalSpeedSchema,
  calculationTimesSchema,
  counterEventsSchema,
  healthSchema,
  opcServersSchema,
  storageSchema,
  tagUpdatesSchema,
  takeQuerySchema,
} from './diagnostics.schemas';
import { aboveNominalSpeedCases, calculationTimes, counterEvents, opcServers, tagUpdates } from './diagnostics.service';
import { health, storageWithWarnings } from './storage';

const ADMIN = [ROLE.ADMINISTRATOR];

/**
 * The diagnostics page (administrator, polled every 5 s): tag update times, calculation passes and the state of
 * each OPC server. The history is the acquisition's in-memory one (bounded, see acquisition/diagnostics-log.ts).
 */
export function registerDiagnosticsRoutes(api: Api, plant: Plant): void {
  const manager = () => requireAcquisition(plant);
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/tagsupdates',
      access: ADMIN,
      tag: 'diagnostics',
      summary: 'Tag updates: [{ dateTime, duration (ms from arrival to stored) }], oldest first.',
      query: takeQuerySchema,
      response: tagUpdatesSchema,
    },
    ({ ctx, query }) => tagUpdates(manager(), ctx.timeZone, query.take),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/calculationtimes',
      access: ADMIN,
      tag: 'diagnostics',
      summary: 'Calculation passes: [{ dateTime, duration, lines: [{ line, result }] }], oldest first.',
      query: takeQuerySchema,
      response: calculationTimesSchema,
    },
    ({ ctx, query }) => calculationTimes(manager(), ctx.timeZone, query.take),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/opcservers',
      access: ADMIN,
      tag: 'diagnostics',
      summary:
        'Each enabled OPC server: vendorInfo, productVersion, startTime, lastUpdateTime, serverState, statusInfo, tag counts, and each of its tags: tagName, url, goodQuality, data, status, sourceTime, problem.',
      response: opcServersSchema,
    },
    ({ ctx }) => opcServers(manager(), ctx.timeZone),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/counters',
      access: ADMIN,
      tag: 'diagnostics',
      summary:
        'Counter readings not booked as they came: [{ dateTime, lineID, counter, kind (reset, newSource, implausible), previous, current, limit? }], oldest first.',
      query: takeQuerySchema,
      response: counterEventsSchema,
    },
    ({ ctx, query }) => counterEvents(manager(), ctx.timeZone, query.take),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/above-nominal-speed',
      access: ADMIN,
      tag: 'diagnostics',
      summary:
        'Stored figures above nominal speed (throughput over 100 %, which can lift an OEE above 100 %), newest first: orders [{ lineID, order, oee, throughput, nominalSpeed, productionSpeed, productCode, productName, startDate, endDate }] and shifts [{ lineID, shift, shiftStart, shiftEnd, oee, throughput, productCodes }].',
      query: takeQuerySchema,
      response: aboveNominalSpeedSchema,
    },
    ({ ctx, query }) => aboveNominalSpeedCases(ctx.db, ctx.timeZone, query.take),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/storage',
      access: ADMIN,
      tag: 'diagnostics',
      summary:
        "The data directory's disk: freeBytes, totalBytes, databaseBytes (database file and its WAL), warnings [{ code (lowDiskSpace below 10 % or 1 GiB free, diskFull; and, as /api/health, acquisitionDown, linesNotRead, jobFailing, syncFailing), message }].",
      response: storageSchema,
    },
    ({ ctx }) => storageWithWarnings(plant, ctx.language),
  );
  api.route(
    {
      method: 'get',
      path: '/api/health',
      access: 'public',
      duringSetup: true,
      tag: 'diagnostics',
      summary:
        'For monitoring, no session: status (ok, or degraded when there are warnings: disk short, the plant not being read), version, setupPending, storage { freeBytes, totalBytes, databaseBytes }, warnings { code, message }.',
      response: healthSchema,
    },
    ({ ctx }) => health(plant, ctx.language),
  );
}
