import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { lookupSchema, registerGridResource, registerLookup } from '../grid/grid.routes';
import { preparingWithReferences } from '../grid/prepare';
import { productLookup } from './products.repository';
import {
  lineAndDateQuerySchema,
  PRODUCT_COLUMNS,
  PRODUCT_SPEED_COLUMNS,
  productSchema,
  productSpeedSchema,
  productUnitSchema,
  unitQuerySchema,
} from './products.schemas';
import { productsOfLineAndDates, productUnit } from './products.service';

/** SPEC.md section 6: the administrator sees the tabs; only the supervisor changes products and speeds. */
const ACCESS = { read: [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR], write: [ROLE.SUPERVISOR] } as const;

/**
 * Products and product speeds (SPEC.md sections 3, 5, 7). The product code is given by the user and never changes
 * (the grid refuses key changes). products is a synced table: the grid writes through db/writes, so every change
 * has its outbox row. Products are read by every role: GET /api/products/get (dashboards, stop summaries and order
 * screens name products) is the grid's own list spelling, so a narrower read on GET /api/products would protect
 * nothing; the configuration tab is shown to administrator and supervisor only. Speeds are read by those two.
 */
export function registerProductRoutes(api: Api): void {
  const tag = 'products';
  api.route(
    {
      method: 'get',
      path: '/api/products/getUnitById',
      access: 'authenticated',
      tag,
      summary: "The product's unit as a JSON string; 'kilos/piezas' when none.",
      query: unitQuerySchema,
      response: productUnitSchema,
    },
    ({ ctx, query }) => productUnit(ctx.db, query.code),
  );
  registerLookup(api, { path: '/api/products/lookup', access: 'authenticated', tag, load: (db) => productLookup(db) });
  api.route(
    {
      method: 'get',
      path: '/api/products/lookupByLineAndDate',
      access: 'authenticated',
      tag,
      summary:
        "Products made on a line between startDate and endDate (its orders overlapping the range) as [{ value, text }]; includeOptionForAll adds { value: '', text: 'Todos' } first.",
      query: lineAndDateQuerySchema,
      response: lookupSchema,
    },
    ({ ctx, query }) => productsOfLineAndDates(ctx.db, query, ctx.timeZone, ctx.language),
  );
  registerGridResource(api, {
    name: tag,
    path: '/api/products',
    table: 'products',
    key: ['code'],
    columns: PRODUCT_COLUMNS,
    schema: productSchema,
    access: { read: 'authenticated', write: ACCESS.write },
    defaultSort: [{ column: 'code', desc: false }],
  });

  registerGridResource(api, {
    name: 'productspeeds',
    path: '/api/productspeeds',
    table: 'product_speeds',
    key: ['code', 'lineID'],
    columns: PRODUCT_SPEED_COLUMNS,
    schema: productSpeedSchema,
    access: ACCESS,
    defaultSort: [
      { column: 'code', desc: false },
      { column: 'lineID', desc: false },
    ],
    prepare: preparingWithReferences(PRODUCT_SPEED_COLUMNS, [
      { field: 'code', table: 'products', column: 'code' },
      { field: 'lineID', table: 'lines', column: 'lineID' },
    ]),
  });
}
