import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/feedback/toaster';
import type { MenuDialogProps } from '../../modules/manifest';
import { ChangePasswordForm } from './change-password-form';

/** User menu → 'Cambiar contraseña': any signed-in user changes their own password; the dialog closes once it is changed. */
export default function ChangePasswordDialog({ onClose }: MenuDialogProps) {
  const { t } = useTranslation();
  return (
    // As the OEE report's dialog: the focus the menu gives back to its button must not dismiss the dialog.
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} onFocusOutside={(event) => event.preventDefault()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="change-password-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('passwords.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <ChangePasswordForm
                onChanged={() => {
                  notify.success(t('passwords.changed'));
                  onClose();
                }}
              >
                <Button variant="ghost" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
              </ChangePasswordForm>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
