// The pages' Spanish texts, before any page is drawn (lib/page-messages.ts).
import '../../lib/page-messages';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SignInCard } from '../../components/sign-in-card';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLogout } from './api/logout';
import { ChangePasswordForm } from './change-password-form';

/**
 * The first thing after signing in with a password set for the user (setup's temporary one): the current password,
 * the new one twice. Until it is changed the server refuses every other call, so the app shows nothing else.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  useDocumentTitle(t('passwords.title'));
  return (
    <SignInCard title={t('passwords.title')} intro={t('passwords.firstSignIn')} testId="change-password">
      <ChangePasswordForm>
        <Button variant="ghost" onClick={() => logout.mutate()}>
          {t('nav.logout')}
        </Button>
      </ChangePasswordForm>
    </SignInCard>
  );
}
