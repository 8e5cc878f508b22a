import { esPages } from '../locales/es-pages';
import { i18n } from './i18n';

/**
 * Imported for its effect by the code of every page outside the login (the layout every signed-in page is drawn in,
 * the setup, the scoreboard, the change of password, the portal): the Spanish texts of the pages join the catalogue's
 * first part before any of them is drawn, so the login page's bundle carries only that first part (`es-core.ts`).
 */
i18n.addResourceBundle('es', 'translation', esPages, true, false);
