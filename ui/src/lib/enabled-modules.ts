import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The switches of SPEC.md section 1's feature modules (the manual stops manager and the stops manager share one). */
export type ModuleSwitch = 'orderManager' | 'productionManager' | 'stopsManager' | 'maintenanceManager';

/** GET /api/modules/enabled: the lines each module runs on (an empty list: the module is off). */
export type EnabledModules = Record<ModuleSwitch, number[]>;

export const enabledModulesQuery = queryOptions({
  queryKey: ['modules', 'enabled'],
  queryFn: () => apiRequest<EnabledModules>('/api/modules/enabled'),
  staleTime: 60_000,
});

/** Whether a module runs on at least one line (false until known). */
export function isModuleOn(enabled: EnabledModules | undefined, module: ModuleSwitch | undefined): boolean {
  if (!module) return true;
  return (enabled?.[module].length ?? 0) > 0;
}

export function useEnabledModules() {
  return useQuery(enabledModulesQuery);
}

/**
 * What an entry (menu item, tab, page) needs before it shows: a feature module that runs on a line. (The app and the
 * API ship in one executable, and the development server proxies to an edge built from the same checkout, so a route
 * the app names is always served: nothing else is asked of the server.)
 */
export interface Availability {
  module?: ModuleSwitch;
}

/** A predicate telling whether an entry's module runs (false until the enabled modules are known). */
export function useAvailable(): (entry: Availability) => boolean {
  const { data: modules } = useEnabledModules();
  return (entry) => isModuleOn(modules, entry.module);
}
