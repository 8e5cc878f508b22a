import { Button } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/message-page';

/** The generic error page (SPEC.md section 2: 'Ha ocurrido un error'). */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('errors.fallbackTitle')} text={t('errors.fallbackText')} testId="error-fallback">
      <Button onClick={() => window.location.assign('/')}>{t('common.reload')}</Button>
    </MessagePage>
  );
}

/** Catches a crash anywhere below it and shows the fallback instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
