import { lazyComponent } from '../../lib/lazy-component';

/**
 * The 'Ajustar' dialog (adjust-dialog.tsx), fetched when first opened: the order index grid and the dashboard's order
 * tile offer it on every order, and most visits open none.
 */
export const AdjustDialog = lazyComponent(() => import('./adjust-dialog').then((module) => module.AdjustDialog));
