import { z } from 'zod';
import { tagStatusItemSchema } from '../live-tags/live-tags.schemas';

export const takeQuerySchema = z.object({ take: z.coerce.number().int().min(1).max(1_000).optional() });

export const tagUpdatesSchema = z.array(z.object({ dateTime: z.string(), duration: z.number() }));

export const calculationTimesSchema = z.array(
  z.object({ dateTime: z.string(), duration: z.number(), lines: z.array(z.object({ line: z.number().int(), result: z.string() })) }),
);

export const opcServersSchema = z.array(
  z.object({
    opcServerID: z.number().int(),
    name: z.string(),
    serverType: z.enum(['UA', 'DA', 'API']),
    endpointUrl: z.string(),
    connected: z.boolean(),
    vendorInfo: z.string().nullable(),
    productVersion: z.string().nullable(),
    startTime: z.string().nullable(),
    lastUpdateTime: z.string().nullable(),
    serverState: z.string(),
    statusInfo: z.string(),
    tagCount: z.number().int(),
    badTagCount: z.number().int(),
    valuesReceived: z.number().int(),
    /** SPEC.md "OPC tag status" of every tag of the server. */
    tags: z.array(tagStatusItemSchema),
  }),
);

export const counterEventsSchema = z.array(
  z.object({
    dateTime: z.string(),
    lineID: z.number().int(),
    counter: z.enum(['units', 'discards']),
    kind: z.enum(['reset', 'newSource', 'implausible']),
    previous: z.number().nullable(),
    current: z.number().nullable(),
    limit: z.number().optional(),
  }),
);

const storageSizesSchema = z.object({
  freeBytes: z.number(),
  totalBytes: z.number(),
  /** The database file and its write-ahead log; null before setup. */
  databaseBytes: z.number().nullable(),
});

const storageWarningsSchema = z.array(
  z.object({
    code: z.enum(['lowDiskSpace', 'diskFull', 'acquisitionDown', 'linesNotRead', 'jobFailing', 'syncFailing']),
    message: z.string(),
  }),
);

export const storageSchema = storageSizesSchema.extend({ warnings: storageWarningsSchema });

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  setupPending: z.boolean(),
  storage: storageSizesSchema,
  warnings: storageWarningsSchema,
});

/** Stored order and shift indexes above nominal speed (throughput over 1), newest first. */
export const aboveNominalSpeedSchema = z.object({
  orders: z.array(
    z.object({
      lineID: z.number().int(),
      order: z.string(),
      oee: z.number().nullable(),
      throughput: z.number().nullable(),
      nominalSpeed: z.number().nullable(),
      productionSpeed: z.number().nullable(),
      productCode: z.string().nullable(),
      productName: z.string().nullable(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
    }),
  ),
  shifts: z.array(
    z.object({
      lineID: z.number().int(),
      shift: z.enum(['TM', 'TT', 'TN', 'TO']),
      shiftStart: z.string(),
      shiftEnd: z.string(),
      oee: z.number().nullable(),
      throughput: z.number().nullable(),
      productCodes: z.array(z.string()),
    }),
  ),
});
