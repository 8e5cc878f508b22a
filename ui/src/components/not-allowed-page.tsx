import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from './message-page';

/** What a role gets on a page it may not open (SPEC.md sections 2, 6). */
export function NotAllowedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage title={t('errors.notAllowedTitle')} text={t('errors.notAllowedText')} testId="not-allowed">
      <Button variant="outline" onClick={() => navigate('/')}>
        {t('common.goHome')}
      </Button>
    </MessagePage>
  );
}
