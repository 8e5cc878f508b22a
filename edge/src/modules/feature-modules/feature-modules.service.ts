import type { Database } from '../../db/database';
import { findModuleSwitches } from './feature-modules.repository';

/** The five feature modules of SPEC.md section 1 (the manual stops manager and the stops manager share a switch). */
export interface EnabledModules {
  orderManager: number[];
  productionManager: number[];
  stopsManager: number[];
  maintenanceManager: number[];
}

/**
 * For each module, the lines it runs on: the order, production and stops managers where the line enables them, the
 * maintenance manager on every line unless the plant's parameters turn it off. A module with no line is off.
 */
export async function enabledModules(db: Database): Promise<EnabledModules> {
  const { lines, maintenanceOn } = await findModuleSwitches(db);
  const where = (flag: 'enableOrderManager' | 'enableProductionManager' | 'enableStopsManager') =>
    lines.filter((line) => line[flag] === 1).map((line) => line.lineID);
  return {
    orderManager: where('enableOrderManager'),
    productionManager: where('enableProductionManager'),
    stopsManager: where('enableStopsManager'),
    maintenanceManager: maintenanceOn ? lines.map((line) => line.lineID) : [],
  };
}
