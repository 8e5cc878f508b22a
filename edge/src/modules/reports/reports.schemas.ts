import { z } from 'zod';
import { queryInt } from '../grid/fields';

/** GET /api/reports/completeoaereport: an optional range (ISO, or plant-local dates and times) and line. */
export const oeeReportQuerySchema = z.object({
  startDate: z.string().trim().min(1).optional(),
  endDate: z.string().trim().min(1).optional(),
  lineID: queryInt().optional(),
});

export type OeeReportQuery = z.output<typeof oeeReportQuerySchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
