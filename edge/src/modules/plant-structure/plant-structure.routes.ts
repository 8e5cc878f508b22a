import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource, registerLookup } from '../grid/grid.routes';
import { preparingWithReferences } from '../grid/prepare';
import { buildingLookup, sectorLookup } from './plant-structure.repository';
import { BUILDING_COLUMNS, SECTOR_COLUMNS, buildingSchema, sectorSchema } from './plant-structure.schemas';

const ADMIN = [ROLE.ADMINISTRATOR];

/**
 * Buildings and sectors (SPEC.md sections 3, 5, 7). The grids are the administrator's; the lookups answer every
 * role, because the navigation's OEE menu lists sectors and lines for everyone. Deleting a building that still has
 * sectors, or a sector that still has lines, is refused by the foreign keys (409).
 */
export function registerPlantStructureRoutes(api: Api): void {
  registerGridResource(api, {
    name: 'buildings',
    path: '/api/buildings',
    table: 'buildings',
    key: ['buildingId'],
    generatedKey: true,
    columns: BUILDING_COLUMNS,
    schema: buildingSchema,
    access: { read: ADMIN, write: ADMIN },
    defaultSort: [{ column: 'buildingName', desc: false }],
  });
  registerGridResource(api, {
    name: 'sectors',
    path: '/api/sectors',
    table: 'sectors',
    key: ['sectorID'],
    generatedKey: true,
    columns: SECTOR_COLUMNS,
    schema: sectorSchema,
    access: { read: ADMIN, write: ADMIN },
    defaultSort: [{ column: 'sectorName', desc: false }],
    prepare: preparingWithReferences(SECTOR_COLUMNS, [{ field: 'buildingId', table: 'buildings', column: 'buildingId' }]),
  });
  registerLookup(api, { path: '/api/buildings/lookup', access: 'authenticated', tag: 'buildings', load: (db) => buildingLookup(db) });
  registerLookup(api, { path: '/api/sectors/lookup', access: 'authenticated', tag: 'sectors', load: (db) => sectorLookup(db) });
}
