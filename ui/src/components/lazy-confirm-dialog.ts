import { lazyComponent } from '../lib/lazy-component';

/**
 * The confirmation dialog (confirm-dialog.tsx), fetched when first opened, for pages that confirm an action on a
 * click (the order manager's start and finish, the manual stops' delete).
 */
export const ConfirmDialog = lazyComponent(() => import('./confirm-dialog').then((module) => module.ConfirmDialog));
