import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from './message-page';

function GoHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="outline" onClick={() => navigate('/')}>
      {t('common.goHome')}
    </Button>
  );
}

/** What a role gets on a page it may not open (SPEC.md sections 2, 6). */
export function NotAllowedPage() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('errors.notAllowedTitle')} text={t('errors.notAllowedText')} testId="not-allowed">
      <GoHome />
    </MessagePage>
  );
}

/** A feature module's page while the module runs on no line (its menu items are hidden then; a link may still lead here). */
export function ModuleOffPage() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('errors.moduleOffTitle')} text={t('errors.moduleOffText')} testId="module-off">
      <GoHome />
    </MessagePage>
  );
}
