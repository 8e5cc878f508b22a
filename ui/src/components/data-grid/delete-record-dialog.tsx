import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../confirm-dialog';
import { notify } from '../feedback/toaster';
import type { GridMessages } from './data-grid';

/**
 * Asks, then deletes the selected record (or records) of a grid; the server's refusal (e.g. "in use") comes as an
 * error toast, under the grid's own title for it when it has one.
 */
export function DeleteRecordDialog({
  count,
  remove,
  messages,
  onDeleted,
  onClose,
}: {
  count: number;
  remove: () => Promise<unknown>;
  messages?: Partial<GridMessages>;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const many = count > 1;
  return (
    <ConfirmDialog
      title={many ? t('grid.deleteManyTitle') : t('grid.deleteTitle')}
      text={many ? t('grid.deleteManyConfirm', { n: count }) : t('grid.deleteConfirm')}
      confirmLabel={t('grid.delete')}
      onClose={onClose}
      onConfirm={() =>
        remove().then(
          () => {
            notify.success(messages?.deleted ?? (many ? t('grid.deletedMany', { n: count }) : t('grid.deleted')));
            onDeleted();
          },
          (error: unknown) => {
            const serverMessage = errorMessage(error, t('common.unknownError'));
            if (messages?.deleteFailed) notify.error(messages.deleteFailed, serverMessage);
            else notify.error(serverMessage);
            onClose();
          },
        )
      }
    />
  );
}
