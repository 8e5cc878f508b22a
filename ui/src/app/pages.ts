import { downloadOeeReport, OEE_REPORT_PATH } from '../features/reports/api/download-oee-report';
import { ADMINISTRATOR_ONLY, ANALYSIS_ROLES, CONFIGURATION_ROLES, LINE_ROLES } from '../lib/roles';
import { featureModules } from '../modules';
import type { MenuAction, PageEntry } from '../modules/manifest';

/**
 * Every page behind the login, with who may open it and where its menu item goes. Adding a page is one entry here
 * (e.g. `{ path: '/paradas/listado', access: LINE_ROLES, load: () => import('../features/stops/stops-list-page'),
 * menu: { menu: 'stops', label: 'nav.stopsList' } }`); menus with no visible entry are not shown.
 */
export const pages: readonly PageEntry[] = [
  { path: '/', access: 'any', load: () => import('../features/dashboard/dashboard-page') },
  {
    path: '/paradas/listado',
    access: LINE_ROLES,
    load: () => import('../features/stops/stops-list-page'),
    menu: { menu: 'stops', label: 'nav.stopsList', order: 1 },
    requires: 'GET /api/stops',
  },
  {
    path: '/resumen',
    access: ANALYSIS_ROLES,
    load: () => import('../features/overview/overview-page'),
    menu: { menu: 'summary', label: 'nav.overview', order: 1 },
    requires: 'GET /api/indicators/sector',
  },
  { path: '/terminal', access: ADMINISTRATOR_ONLY, load: () => import('../features/terminal/terminal-page'), menu: { menu: 'user', label: 'nav.terminal', order: 2 } },
  {
    path: '/configuracion',
    access: CONFIGURATION_ROLES,
    load: () => import('../features/configuration/configuration-page'),
    menu: { menu: 'user', label: 'nav.configuration', order: 1 },
  },
  ...featureModules.flatMap((module) => module.pages),
];

/** Menu entries that run an action; shown once the server has the route they call. */
export const menuActions: readonly MenuAction[] = [
  {
    id: 'oee-report',
    placement: { menu: 'reports', label: 'nav.oeeReport' },
    roles: ANALYSIS_ROLES,
    requires: `GET ${OEE_REPORT_PATH}`,
    run: downloadOeeReport,
  },
  ...featureModules.flatMap((module) => module.menuActions),
];
