import { lazyComponent } from '../../lib/lazy-component';

/**
 * A grid's record form and delete confirmation, fetched when first opened rather than with the grid: Chakra's dialog,
 * its dismissable layer and focus trap, and the form's fields, which a grid page would otherwise load and compile
 * before its first rows. A grid the user may change fetches them as soon as its first rows are drawn (preloadRecordDialogs),
 * so 'Nuevo' usually finds them ready.
 */
export const RecordFormDialog = lazyComponent(() => import('./record-form-dialog').then((module) => module.RecordFormDialog));
export const DeleteRecordDialog = lazyComponent(() => import('./delete-record-dialog').then((module) => module.DeleteRecordDialog));

export function preloadRecordDialogs(): void {
  RecordFormDialog.preload();
  DeleteRecordDialog.preload();
}
