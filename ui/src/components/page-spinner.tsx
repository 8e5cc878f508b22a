import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or first data loads ('Loading modules...' while modules load). */
export function PageSpinner({ modules = false }: { modules?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center minH="40vh">
      <VStack gap="2">
        <Spinner size="lg" />
        <Text color="fg.muted">{modules ? t('app.loadingModules') : t('app.loading')}</Text>
      </VStack>
    </Center>
  );
}
