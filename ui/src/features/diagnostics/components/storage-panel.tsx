import { Alert, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useStorage } from '../api/get-storage';
import { formatBytes } from '../diagnostics-views';
import { ViewPanel } from './view-panel';

/**
 * The disk of the edge's data, always shown above the chosen views: on a full disk nothing is saved, so its warning
 * (below 10 % or 1 GiB free) must be seen before that happens.
 */
export function StoragePanel() {
  const { t } = useTranslation();
  const storage = useStorage();
  return (
    <ViewPanel title={t('disk.title')} query={storage} isEmpty={() => false} testId="view-storage">
      {(data) => (
        <Stack gap="2">
          <Flex gap="6" wrap="wrap" fontSize="sm">
            <Text data-testid="storage-free">
              {t('disk.free', { free: formatBytes(data.freeBytes), total: formatBytes(data.totalBytes) })}
            </Text>
            <Text data-testid="storage-database">
              {t('disk.database', { size: data.databaseBytes === null ? '-' : formatBytes(data.databaseBytes) })}
            </Text>
          </Flex>
          {data.warnings.map((warning) => (
            <Alert.Root
              key={warning.code}
              status={warning.code === 'diskFull' ? 'error' : 'warning'}
              size="sm"
              data-testid={`storage-${warning.code}`}
            >
              <Alert.Indicator />
              <Alert.Title>{warning.message}</Alert.Title>
            </Alert.Root>
          ))}
        </Stack>
      )}
    </ViewPanel>
  );
}
