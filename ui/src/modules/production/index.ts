import { CONFIGURATION_ROLES, LINE_ROLES, SUPERVISOR_WRITES } from '../../lib/roles';
import { ofModule, type ConfigurationPage, type FeatureModule, type PageEntry } from '../manifest';

const base = {
  id: 'production',
  runsOn: 'productionManager',
  pages: [],
  menuActions: [],
  configurationPages: [],
} as const satisfies FeatureModule;

/**
 * The production manager (SPEC.md section 1), on the lines with enableProductionManager: lots and discards declared
 * as the line packs its output, the production summary against the counted production, and the wrapper types.
 */
export const productionModule: FeatureModule = {
  ...base,
  pages: ofModule<PageEntry>(base, [
    {
      path: '/produccion/lotes',
      access: LINE_ROLES,
      load: () => import('./production-lots-page'),
      menu: { menu: 'modules', label: 'production.lotsTitle', order: 20 },
    },
    {
      path: '/produccion/resumen',
      access: LINE_ROLES,
      load: () => import('./production-summary-page'),
      menu: { menu: 'modules', label: 'production.summaryTitle', order: 21 },
    },
  ]),
  configurationPages: ofModule<ConfigurationPage>(base, [
    {
      id: 'wrapperTypes',
      label: 'production.wrapperTypes',
      roles: CONFIGURATION_ROLES,
      writeRoles: SUPERVISOR_WRITES,
      load: () => import('./wrapper-types-tab'),
    },
  ]),
};
