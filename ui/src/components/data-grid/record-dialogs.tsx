import { lazyComponent } from '../../lib/lazy-component';

/**
 * A grid's record form and delete confirmation, fetched when first opened rather than with the grid: Chakra's dialog,
 * its dismissable layer and focus trap, and the form's fields, which a grid page would otherwise load and compile
 * before its first rows. A grid the user may change fetches them once its rows show (preloadRecordDialogs, on idle),
 * so 'Nuevo' usually finds them ready.
 */
const loadRecordForm = () => import('./record-form-dialog');
const loadDeleteRecord = () => import('./delete-record-dialog');

export const RecordFormDialog = lazyComponent(() => loadRecordForm().then((module) => module.RecordFormDialog));
export const DeleteRecordDialog = lazyComponent(() => loadDeleteRecord().then((module) => module.DeleteRecordDialog));

/** Starts fetching both dialogs' code (a failed fetch is left to the lazy component to report when opened). */
export function preloadRecordDialogs(): void {
  void loadRecordForm().catch(() => undefined);
  void loadDeleteRecord().catch(() => undefined);
}
