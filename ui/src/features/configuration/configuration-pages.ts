import type { Availability } from '../../lib/enabled-modules';
import type { MessageKey } from '../../lib/i18n';
import { ADMINISTRATOR_ONLY, ROLE, SUPERVISOR_WRITES, hasRole, type Roles } from '../../lib/roles';
import { featureModules } from '../../modules';
import { ofModule, type ConfigurationPage } from '../../modules/manifest';

/** Tabs the administrator and the supervisor see; only the supervisor changes them (SPEC.md section 6). */
const SUPERVISOR_TABS: Roles = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR];

type TabLoader = ConfigurationPage['load'];

/** A tab only the administrator sees and changes. */
const administratorTab = (id: string, label: MessageKey, load: TabLoader): ConfigurationPage => ({
  id,
  label,
  roles: ADMINISTRATOR_ONLY,
  writeRoles: ADMINISTRATOR_ONLY,
  load,
});

/** A tab the administrator reads and the supervisor changes. */
const supervisorTab = (id: string, label: MessageKey, load: TabLoader): ConfigurationPage => ({
  id,
  label,
  roles: SUPERVISOR_TABS,
  writeRoles: SUPERVISOR_WRITES,
  load,
});

/**
 * The tabs of /configuracion in SPEC.md's order, then the modules' configuration pages. Each names who sees it and who
 * may change it.
 */
export const configurationPages: readonly ConfigurationPage[] = [
  administratorTab('users', 'configuration.tabs.users', () => import('./tabs/users-tab')),
  administratorTab('notification-groups', 'configuration.tabs.notificationGroups', () => import('./tabs/notification-groups-tab')),
  administratorTab('sectors', 'configuration.tabs.sectors', () => import('./tabs/sectors-tab')),
  administratorTab('resources', 'configuration.tabs.resources', () => import('./tabs/resources-tab')),
  administratorTab('opc-servers', 'configuration.tabs.opcServers', () => import('./tabs/opc-servers-tab')),
  administratorTab('opc-tags', 'configuration.tabs.opcTags', () => import('./tabs/opc-tags-tab')),
  administratorTab('parameters', 'configuration.tabs.parameters', () => import('./tabs/parameters-tab')),
  administratorTab('terminals', 'configuration.tabs.terminals', () => import('./tabs/terminals-tab')),
  supervisorTab('equipment', 'configuration.tabs.equipment', () => import('./tabs/equipment-tab')),
  supervisorTab('stop-reasons', 'configuration.tabs.stopReasons', () => import('./tabs/stop-reasons-tab')),
  supervisorTab('targets', 'configuration.tabs.targets', () => import('./tabs/targets-tab')),
  supervisorTab('products', 'configuration.tabs.products', () => import('./tabs/products-tab')),
  supervisorTab('product-speeds', 'configuration.tabs.productSpeeds', () => import('./tabs/product-speeds-tab')),
  // Administrators and supervisors both change the work calendars (the server's CALENDAR_EDIT_ROLES).
  {
    id: 'calendar',
    label: 'configuration.tabs.calendar',
    roles: SUPERVISOR_TABS,
    writeRoles: SUPERVISOR_TABS,
    load: () => import('./tabs/calendar-tab'),
  },
  administratorTab('recalculation', 'configuration.tabs.recalculation', () => import('./tabs/recalculation-tab')),
  ...featureModules.flatMap((module) => ofModule(module, module.configurationPages)),
];

/** The tabs a role sees, in order, each with whether it may write there. */
export function visibleConfigurationPages(
  pages: readonly ConfigurationPage[],
  roleID: number | null | undefined,
  available: (entry: Availability) => boolean,
): { page: ConfigurationPage; canWrite: boolean }[] {
  return pages
    .filter((page) => hasRole(roleID, page.roles) && available(page))
    .map((page) => ({ page, canWrite: hasRole(roleID, page.writeRoles) }));
}
