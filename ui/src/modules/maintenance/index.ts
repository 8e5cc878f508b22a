import { CONFIGURATION_ROLES, LINE_ROLES, SUPERVISOR_WRITES } from '../../lib/roles';
import type { FeatureModule } from '../manifest';

/** The maintenance manager: runs on every line unless the plant turns it off (parameters.enableMaintenanceManager). */
export const maintenanceModule: FeatureModule = {
  id: 'maintenance',
  runsOn: 'maintenanceManager',
  pages: [
    {
      path: '/mantenimiento',
      access: LINE_ROLES,
      load: () => import('./open-calls-page'),
      menu: { menu: 'modules', label: 'maintenanceManager.openCalls', order: 40 },
    },
    {
      path: '/mantenimiento/historial',
      access: LINE_ROLES,
      load: () => import('./history-page'),
      menu: { menu: 'modules', label: 'maintenanceManager.history', order: 41 },
    },
  ],
  menuActions: [],
  configurationPages: [
    {
      id: 'maintenance-reasons',
      label: 'maintenanceManager.reasons',
      roles: CONFIGURATION_ROLES,
      writeRoles: SUPERVISOR_WRITES,
      load: () => import('./call-reasons-tab'),
    },
  ],
};
