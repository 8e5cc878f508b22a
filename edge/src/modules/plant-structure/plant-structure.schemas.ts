import { z } from 'zod';
import { optionalId, requiredText } from '../grid/fields';

/** SPEC.md section 3: Building (buildingId, buildingName), Sector (sectorID, sectorName, buildingId). */
export const BUILDING_COLUMNS = { buildingId: 'number', buildingName: 'string' } as const;
export const SECTOR_COLUMNS = { sectorID: 'number', sectorName: 'string', buildingId: 'number' } as const;

// SPEC.md section 5 only says "required"; 80 characters is the longest name limit of its catalogue.
export const buildingSchema = z.object({ buildingName: requiredText(80) });
export const sectorSchema = z.object({ sectorName: requiredText(80), buildingId: optionalId() });
