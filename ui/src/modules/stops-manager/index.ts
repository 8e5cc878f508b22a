import { STOP_HANDLING_ROLES } from '../../components/stops/stop';
import { ofModule, type FeatureModule, type PageEntry } from '../manifest';

const base = {
  id: 'stopsManager',
  runsOn: 'stopsManager',
  pages: [],
  menuActions: [],
  configurationPages: [],
} as const satisfies FeatureModule;

/**
 * The manual stops manager and the stops manager (SPEC.md section 1), both on the lines with enableStopsManager:
 * entering stops by hand on lines with no beacon signal, and recognizing the plant's pending stops in bulk. For
 * supervisors and operators, who handle stops (SPEC.md section 6).
 */
export const stopsManagerModule: FeatureModule = {
  ...base,
  pages: ofModule<PageEntry>(base, [
    {
      path: '/paradas/manuales',
      access: STOP_HANDLING_ROLES,
      load: () => import('./manual-stops-page'),
      menu: { menu: 'stops', label: 'stopsManager.manualTitle', order: 10 },
    },
    {
      path: '/paradas/gestor',
      access: STOP_HANDLING_ROLES,
      load: () => import('./stops-manager-page'),
      menu: { menu: 'stops', label: 'stopsManager.managerTitle', order: 11 },
    },
  ]),
};
