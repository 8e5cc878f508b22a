import type { Database } from '../db/database';
import { insertRow, type WriteContext } from '../db/writes';
import { simulatorNodeId, SIMULATOR_PORT } from '../acquisition/simulator/simulator-nodes';
import { encodeStoredScript } from '../domain/script';
import { ROLE } from '../domain/roles';
import { applyLineEvents } from '../modules/engine';
import { hashPassword } from '../modules/auth/password';
import { writeDemoHistory } from './demo-history';
import { patternOfStarts } from '../domain/work-calendar';
import { calendarsChanged, PLANT_CALENDAR, replaceCalendar } from '../modules/calendar/calendar.repository';

/** The demo calendar's version applies from long before any history the demo writes. */
const DEMO_CALENDAR_FROM = '2000-01-01';
import {
  insertDemoUser,
  insertEquipment,
  insertOpcServer,
  insertOpcTag,
  insertProductSpeed,
  insertTarget,
  writeDemoSettings,
} from './demo.repository';

/**
 * The demo plant: what a newcomer sees running within a minute of `npm run demo` (or the setup wizard's demo
 * option). One building, two sectors, four lines wired to the in-process OPC UA simulator, products with their
 * speeds, a stop-reason tree, targets, a week of history (demo-history.ts), an order in progress per line and one
 * user per role; and a fifth line without a beacon, whose stops are entered by hand (DEMO_MANUAL_LINE).
 *
 * The demo users' password is DEMO_PASSWORD: this is a demonstration plant only, never a production install.
 */

export const DEMO_PASSWORD = 'demo';

export const DEMO_USERS = [
  { userID: 'admin', firstName: 'Ada', lastName: 'Administradora', roleID: ROLE.ADMINISTRATOR },
  { userID: 'supervisor', firstName: 'Sergio', lastName: 'Supervisor', roleID: ROLE.SUPERVISOR },
  { userID: 'operator', firstName: 'Olga', lastName: 'Operadora', roleID: ROLE.OPERATOR },
  { userID: 'consultant', firstName: 'Carlos', lastName: 'Consultor', roleID: ROLE.CONSULTANT },
] as const;

/** The simulated lines: number, sector, description, nominal speed (units per minute) and the product running. */
export const MAINTENANCE_CALL_REASONS = [
  'Falla mecánica',
  'Falla eléctrica',
  'Falla neumática',
  'Sensor o instrumento',
  'Lubricación',
] as const;

export const DEMO_LINES = [
  { lineID: 1, sector: 'Envasado', description: 'Envasadora 1', speed: 120, product: 'AGUA-500' },
  { lineID: 2, sector: 'Envasado', description: 'Envasadora 2', speed: 90, product: 'JUGO-1000' },
  { lineID: 3, sector: 'Empaque', description: 'Encajonadora', speed: 40, product: 'CAJA-12' },
  { lineID: 4, sector: 'Empaque', description: 'Paletizadora', speed: 150, product: 'AGUA-500' },
] as const;

/**
 * A line with no beacon signal (the manual stops manager's): nothing reads it, its stops are entered by hand. No order
 * manager either: it is staffed from its first stop on. In a sector of its own kind's neighbours, Envasado.
 */
export const DEMO_MANUAL_LINE = { lineID: 5, sector: 'Envasado', description: 'Etiquetadora manual' } as const;

/** Equipment a stop can be assigned to (stops manager): per line, and one not tied to a line. */
const EQUIPMENT = [
  { name: 'Compresor de aire', description: 'Aire comprimido de la planta', lineID: null },
  { name: 'Llenadora', description: 'Llenadora de envases', lineID: 1 },
  { name: 'Taponadora', description: 'Taponadora', lineID: 1 },
  { name: 'Etiquetadora', description: 'Cabezal de etiquetado', lineID: DEMO_MANUAL_LINE.lineID },
  { name: 'Cinta de alimentación', description: 'Cinta de entrada de envases', lineID: DEMO_MANUAL_LINE.lineID },
] as const;

const PRODUCTS = [
  { code: 'AGUA-500', name: 'Agua mineral 500 ml', wrappersPerPackage: 4, unitsPerWrapper: 6, unit: 'botellas', performance: 0.95 },
  { code: 'JUGO-1000', name: 'Jugo de naranja 1 l', wrappersPerPackage: 2, unitsPerWrapper: 6, unit: 'envases', performance: 0.9 },
  { code: 'CAJA-12', name: 'Caja x 12 surtida', wrappersPerPackage: 1, unitsPerWrapper: 1, unit: 'cajas', performance: 0.85 },
] as const;

/**
 * Stop-reason tree below the system roots 7 (planned) and 8 (unplanned): categories with their reasons. Planned
 * breaks are discounted from planned production time (discountOEE); changeovers are not: they are availability loss
 * (oee.com, ISO 22400-2).
 */
const STOP_REASON_TREE: { parentID: number; category: string; color: string; reasons: string[] }[] = [
  { parentID: 7, category: 'Cambios', color: '#4a90d9', reasons: ['Cambio de formato', 'Cambio de producto'] },
  { parentID: 7, category: 'Paradas programadas', color: '#7fb3e6', reasons: ['Limpieza', 'Refrigerio'] },
  { parentID: 8, category: 'Mecánicas', color: '#ec5453', reasons: ['Atasco de envases', 'Rotura de cinta', 'Falla de motor'] },
  { parentID: 8, category: 'Eléctricas', color: '#f08a5d', reasons: ['Falla de sensor', 'Corte de energía'] },
  { parentID: 8, category: 'Materiales', color: '#b56576', reasons: ['Falta de material', 'Material defectuoso'] },
  { parentID: 8, category: 'Operativas', color: '#c9a227', reasons: ['Falta de operador', 'Esperando calidad'] },
];

/** The demo's preload of operation orders (/indexes/precargaOp): OP, customer, product, quantity. */
export const DEMO_PRELOAD_ORDERS = [
  { id: 1, op: '4500301', cliente: 'Distribuidora Sur', producto: 'AGUA-500', cantidad: 12.5 },
  { id: 2, op: '4500302', cliente: 'Mercado Central', producto: 'JUGO-1000', cantidad: 8 },
  { id: 3, op: '4500303', cliente: 'Distribuidora Sur', producto: 'AGUA-500', cantidad: 20 },
] as const;
/** Production manager: the demo line whose discards are declared by hand (no discards script), and the wrapper types. */
export const DEMO_DISCARDS_BY_HAND_LINE = 3;
export const DEMO_WRAPPER_TYPES = ['Film termocontraíble', 'Caja de cartón', 'Bandeja'] as const;

const TAGS = [
  ['Running', 'Boolean'],
  ['Units', 'UInt32'],
  ['Discards', 'UInt32'],
  ['Speed', 'Double'],
] as const;

const script = (expression: string) => encodeStoredScript({ expression, edited: false, tags: [] });

/**
 * Writes the demo plant into an empty database, in one transaction (synced tables through the write chokepoint, so
 * the central copy gets them too), then starts an order on every line through the engine. With `shifts` (their start
 * times, `oee-edge demo --shifts 07:00,19:00`) the plant's work calendar has those shifts every day, from before its
 * history, which the engine then computes by them.
 */
export async function seedDemoPlant(
  db: Database,
  clock: { nowMs: number; timeZone: string },
  options: { shifts?: readonly string[] | undefined } = {},
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ctx: WriteContext = { userID: 'demo', now: clock.nowMs, action: 'demo' };
  const orders: { lineID: number; order: string }[] = [];
  const reasonIDs: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const user of DEMO_USERS) await insertDemoUser(trx, { ...user, passwordHash, now: clock.nowMs });

    const building = await insertRow(trx, 'buildings', { buildingName: 'Planta Demo' }, ['buildingId'], ctx);
    const sectorIDs = new Map<string, number>();
    for (const sectorName of new Set(DEMO_LINES.map((line) => line.sector))) {
      const sector = await insertRow(trx, 'sectors', { sectorName, buildingId: building.buildingId }, ['sectorID'], ctx);
      sectorIDs.set(sectorName, Number(sector.sectorID));
    }

    const opcServerID = await insertOpcServer(trx, {
      name: 'Simulador demo',
      description: 'Servidor OPC UA simulado (planta demo)',
      hostName: `opc.tcp://127.0.0.1:${SIMULATOR_PORT}`,
    });
    for (const line of DEMO_LINES) {
      for (const [variable, tagType] of TAGS) {
        await insertOpcTag(trx, {
          tagName: `Line${line.lineID}.${variable}`,
          tagType,
          opcServerID,
          tagValue: simulatorNodeId(line.lineID, variable),
        });
      }
      await insertRow(
        trx,
        'lines',
        {
          lineID: line.lineID,
          sectorID: sectorIDs.get(line.sector)!,
          description: line.description,
          calculationBaliza: script(`Line${line.lineID}.Running`),
          calculationUnits: script(`Line${line.lineID}.Units`),
          // The case packer has no reject counter: its discards are declared by hand (production manager).
          calculationDiscards: line.lineID === DEMO_DISCARDS_BY_HAND_LINE ? null : script(`Line${line.lineID}.Discards`),
          fixedThroughput: null,
          enableStopsManager: 1,
          enableOrderManager: 1,
          enableProductionManager: 1,
          updatedBy: 'demo',
          updateDate: clock.nowMs,
        },
        ['lineID'],
        ctx,
      );
      await insertTarget(trx, { lineID: line.lineID, tag: 'TO', targetSummary: line.speed * 60 * 20, targetOEE: 75 });
    }
    await insertRow(
      trx,
      'lines',
      {
        lineID: DEMO_MANUAL_LINE.lineID,
        sectorID: sectorIDs.get(DEMO_MANUAL_LINE.sector)!,
        description: DEMO_MANUAL_LINE.description,
        calculationBaliza: null,
        calculationUnits: null,
        calculationDiscards: null,
        fixedThroughput: null,
        enableStopsManager: 1,
        enableOrderManager: 0,
        enableProductionManager: 0,
        updatedBy: 'demo',
        updateDate: clock.nowMs,
      },
      ['lineID'],
      ctx,
    );
    for (const equipment of EQUIPMENT) await insertEquipment(trx, equipment);

    for (const product of PRODUCTS) await insertRow(trx, 'products', product, ['code'], ctx);
    // The production manager's wrapper types.
    for (const name of DEMO_WRAPPER_TYPES)
      await insertRow(trx, 'wrapper_types', { name, updatedBy: 'demo', updateDate: clock.nowMs }, ['wrapperTypeID'], ctx);
    for (const line of DEMO_LINES) {
      for (const product of PRODUCTS) {
        await insertProductSpeed(trx, {
          code: product.code,
          lineID: line.lineID,
          speed: product.code === line.product ? line.speed : Math.round(line.speed * 0.8),
        });
      }
    }

    for (const branch of STOP_REASON_TREE) {
      const category = await insertRow(
        trx,
        'stop_reasons',
        {
          parentID: branch.parentID,
          reason: branch.category,
          detail: null,
          pareto: 1,
          discountOEE: 0,
          isCategory: 1,
          color: branch.color,
          systemStop: 0,
          // Its changeovers are setups in the waterfall (issue 29); every other category keeps the default.
          lossKind: branch.category === 'Cambios' ? 'setup' : null,
          updatedBy: 'demo',
          updateDate: clock.nowMs,
        },
        ['reasonID'],
        ctx,
      );
      for (const reason of branch.reasons) {
        const leaf = await insertRow(
          trx,
          'stop_reasons',
          {
            parentID: category.reasonID,
            reason,
            detail: null,
            pareto: 1,
            discountOEE: branch.parentID === 7 && branch.category !== 'Cambios' ? 1 : 0,
            isCategory: 0,
            color: branch.color,
            systemStop: 0,
            updatedBy: 'demo',
            updateDate: clock.nowMs,
          },
          ['reasonID'],
          ctx,
        );
        reasonIDs.push(Number(leaf.reasonID));
      }
    }

    // The maintenance manager's call reasons (the module runs on every line unless the plant turns it off).
    for (const name of MAINTENANCE_CALL_REASONS)
      await insertRow(trx, 'maintenance_call_reasons', { name, updatedBy: 'demo', updateDate: clock.nowMs }, ['callReasonID'], ctx);

    for (const [index, line] of DEMO_LINES.entries()) {
      const product = PRODUCTS.find((candidate) => candidate.code === line.product)!;
      const op = String(4_500_101 + index);
      const order = `${op}-0`;
      await insertRow(
        trx,
        'orders',
        {
          order,
          op,
          version: 0,
          lineID: line.lineID,
          lot: `L${op.slice(-3)}`,
          validation: 0,
          productCode: product.code,
          productName: product.name,
          desiredProductionQuantity: line.speed * 60 * 16,
          desiredProductionSpeed: line.speed,
          status: 0,
          createdBy: 'demo',
          createDate: clock.nowMs,
          updatedBy: 'demo',
          updateDate: clock.nowMs,
        },
        ['order'],
        ctx,
      );
      orders.push({ lineID: line.lineID, order });
    }
    // Preload orders waiting to become orders (the order manager makes an order of one and marks it used).
    for (const preload of DEMO_PRELOAD_ORDERS)
      await insertRow(
        trx,
        'preload_orders',
        {
          ...preload,
          cosecha: 2026,
          bolsa: 'Pallet',
          pesoBolsa: 1000,
          utilizado: 0,
          deleted: 0,
          updatedBy: 'demo',
          updateDate: clock.nowMs,
        },
        ['id'],
        ctx,
      );
    await writeDemoSettings(trx, { lines: DEMO_LINES.length, opcServerID });
    if (options.shifts) {
      const calendar = { versions: [{ effectiveFrom: DEMO_CALENDAR_FROM, pattern: patternOfStarts(options.shifts) }], exceptions: [] };
      await replaceCalendar(trx, PLANT_CALENDAR, calendar, ctx);
    }
  });
  calendarsChanged();
  const history = DEMO_LINES.map((line) => {
    const product = PRODUCTS.find((candidate) => candidate.code === line.product)!;
    return { lineID: line.lineID, speed: line.speed, productCode: product.code, productName: product.name };
  });
  await writeDemoHistory(db, clock, history, reasonIDs, MAINTENANCE_CALL_REASONS, DEMO_WRAPPER_TYPES);
  // Started through the engine, so each order becomes the line's Ready order with its index, as in production.
  await applyLineEvents(
    db,
    orders.map(({ lineID, order }) => ({ type: 'orderStarted' as const, lineID, atMs: clock.nowMs, order })),
    { nowMs: clock.nowMs, timeZone: clock.timeZone, userID: 'demo' },
  );
}
