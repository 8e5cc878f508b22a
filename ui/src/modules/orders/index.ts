import { LINE_ROLES } from '../../lib/roles';
import type { FeatureModule } from '../manifest';

/** The order manager: runs on the lines with enableOrderManager. */
export const ordersModule: FeatureModule = {
  id: 'orders',
  runsOn: 'orderManager',
  pages: [
    {
      path: '/ordenes',
      access: LINE_ROLES,
      load: () => import('./order-manager-page'),
      menu: { menu: 'modules', label: 'orderManager.title', order: 10 },
    },
  ],
  menuActions: [],
  configurationPages: [],
};
