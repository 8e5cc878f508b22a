import { ADMINISTRATOR_ONLY, ANALYSIS_ROLES, CONFIGURATION_ROLES, LINE_ROLES, PRELOAD_ROLES } from '../lib/roles';
import { featureModules } from '../modules';
import { ofModule, type MenuAction, type PageEntry } from '../modules/manifest';

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
  },
  {
    path: '/paradas/resumen2',
    access: ANALYSIS_ROLES,
    load: () => import('../features/stop-summaries/stop-summary2-page'),
    menu: { menu: 'stops', label: 'nav.stopSummary', order: 2 },
  },
  // No menu entry: reached from the summary links (?line=&date=&period=, e.g. from /paradas/resumen2's results).
  { path: '/paradas/resumen', access: ANALYSIS_ROLES, load: () => import('../features/stop-summaries/stop-summary-page') },
  {
    path: '/indexes/order',
    access: ANALYSIS_ROLES,
    load: () => import('../features/indexes/order-indexes-page'),
    menu: { menu: 'indexes', label: 'nav.orderIndexes', order: 1 },
    // Imported when the route is entered (the page's own chunk, which main.tsx starts fetching at once, holds it): the
    // grid's request helpers stay out of the login page's first load.
    prefetch: (client) => void import('../features/indexes/api/get-order-indexes').then((module) => module.prefetchOrderIndexes(client)),
  },
  {
    path: '/indexes/shift',
    access: ANALYSIS_ROLES,
    load: () => import('../features/indexes/shift-indexes-page'),
    menu: { menu: 'indexes', label: 'nav.shiftIndexes', order: 2 },
  },
  {
    path: '/resumen',
    access: ANALYSIS_ROLES,
    load: () => import('../features/overview/overview-page'),
    menu: { menu: 'summary', label: 'nav.overview', order: 1 },
  },
  {
    path: '/indexes/precargaOp',
    access: PRELOAD_ROLES,
    load: () => import('../features/preload-orders/preload-orders-page'),
    menu: { menu: 'indexes', label: 'nav.preloadOrders', order: 3 },
  },
  {
    // Next to the preload in the Indexes menu: both prepare the orders a line will run, and the consultant, who
    // reads this page, has that menu too. The modules menu is the five feature modules' own.
    path: '/ordenes/validacion',
    access: ANALYSIS_ROLES,
    load: () => import('../features/validation-orders/validation-orders-page'),
    menu: { menu: 'indexes', label: 'nav.validationOrders', order: 4 },
  },
  {
    path: '/terminal',
    access: ADMINISTRATOR_ONLY,
    load: () => import('../features/terminal/terminal-page'),
    menu: { menu: 'user', label: 'nav.terminal', order: 2 },
  },
  // The technical pages sit with the administrator's other tools, in the user menu (SPEC.md sections 2 and 6).
  {
    path: '/logs',
    access: ADMINISTRATOR_ONLY,
    load: () => import('../features/logs/logs-page'),
    menu: { menu: 'user', label: 'nav.logs', order: 3 },
  },
  {
    path: '/diagnostics',
    access: ADMINISTRATOR_ONLY,
    load: () => import('../features/diagnostics/diagnostics-page'),
    menu: { menu: 'user', label: 'nav.diagnostics', order: 4 },
  },
  {
    path: '/configuracion',
    access: CONFIGURATION_ROLES,
    load: () => import('../features/configuration/configuration-page'),
    menu: { menu: 'user', label: 'nav.configuration', order: 1 },
  },
  ...featureModules.flatMap((module) => ofModule(module, module.pages)),
];

/** Menu entries that open a dialog, for the roles they name. */
export const menuActions: readonly MenuAction[] = [
  {
    id: 'oee-report',
    placement: { menu: 'reports', label: 'nav.oeeReport' },
    roles: ANALYSIS_ROLES,
    dialog: () => import('../features/reports/oee-report-dialog'),
  },
  {
    id: 'change-password',
    placement: { menu: 'user', label: 'nav.changePassword', order: 5 },
    roles: LINE_ROLES,
    dialog: () => import('../features/auth/change-password-dialog'),
  },
  ...featureModules.flatMap((module) => ofModule(module, module.menuActions)),
];
