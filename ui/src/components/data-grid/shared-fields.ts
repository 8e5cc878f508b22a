import type { FetchedOptions, GridField } from './grid-types';

/** Who changed a record and when (read-only columns). */
export const AUDIT_FIELDS: readonly GridField[] = [
  { name: 'updatedBy', label: 'fields.updatedBy', readOnly: true, width: 130 },
  { name: 'updateDate', label: 'fields.updateDate', kind: 'date', readOnly: true, width: 170 },
];

export const LINE_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/Resources/LookupResources' };
export const SECTOR_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/sectors/lookup' };
export const BUILDING_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/buildings/lookup' };
export const PRODUCT_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/products/lookup' };
