import type { z } from 'zod';
import type { portalFiguresSchema } from '../../../../../portal/portal.schemas';

/** A roll-up's figures as the portal answers them: counts, times in minutes, ratios 0..1 (null when unknown). */
export type PortalFigures = z.infer<typeof portalFiguresSchema>;

/** Plants as the API takes them: one comma-separated list; none is every plant. */
export const plantsParam = (plants: readonly string[]) => (plants.length ? plants.join(',') : null);
