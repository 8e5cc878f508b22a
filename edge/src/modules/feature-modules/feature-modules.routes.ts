import { z } from 'zod';
import type { Api } from '../../http/api';
import { enabledModules } from './feature-modules.service';

const lineIds = z.array(z.number().int());
export const enabledModulesSchema = z.object({
  orderManager: lineIds,
  productionManager: lineIds,
  stopsManager: lineIds,
  maintenanceManager: lineIds,
});

/** Which feature modules run, and on which lines: the app shows a module's menu items and pages only where it runs. */
export function registerFeatureModuleRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/modules/enabled',
      access: 'authenticated',
      tag: 'modules',
      summary:
        'The lines each feature module runs on: { orderManager, productionManager, stopsManager, maintenanceManager } as lists of lineID (empty: the module is off).',
      response: enabledModulesSchema,
    },
    ({ ctx }) => enabledModules(ctx.db),
  );
}
