import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../confirm-dialog';
import { notify } from '../feedback/toaster';
import { useRecordWrite } from './grid-api';

/** Asks, then deletes one record of a grid resource; the server's refusal (e.g. "in use") comes as an error toast. */
export function DeleteRecordDialog({ path, recordKey, onDeleted, onClose }: { path: string; recordKey: unknown; onDeleted: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useRecordWrite(path);
  return (
    <ConfirmDialog
      title={t('grid.deleteTitle')}
      text={t('grid.deleteConfirm')}
      confirmLabel={t('grid.delete')}
      onClose={onClose}
      onConfirm={() =>
        write.mutateAsync({ kind: 'delete', key: recordKey }).then(
          () => {
            notify.success(t('grid.deleted'));
            onDeleted();
          },
          (error: unknown) => {
            notify.error(errorMessage(error, t('common.unknownError')));
            onClose();
          },
        )
      }
    />
  );
}
