import { z } from 'zod';
import { queryInt } from '../grid/fields';

/** GET /api/scoreboard: `line` (or lineID) or `sector` (or sectorID); neither: the calling terminal's line. */
export const scoreboardQuerySchema = z.preprocess(
  (value) => {
    const input = (value ?? {}) as Record<string, unknown>;
    return { lineID: input.lineID ?? input.line, sectorID: input.sectorID ?? input.sector };
  },
  z
    .object({ lineID: queryInt().optional(), sectorID: queryInt().optional() })
    .refine((query) => query.lineID === undefined || query.sectorID === undefined, {
      message: 'scoreboard.lineOrSector',
      path: ['sectorID'],
    }),
);
