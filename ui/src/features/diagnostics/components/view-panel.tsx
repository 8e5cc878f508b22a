import { Card, Spinner, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';

/** One view of the page: its title, and its content once its polled data has come (or why not). */
export function ViewPanel<T>({
  title,
  query,
  isEmpty,
  testId,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header pb="2">
        <Card.Title fontSize="md">{title}</Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        {query.isPending ? (
          <Spinner size="sm" />
        ) : query.isError ? (
          <Text color="fg.error">{errorMessage(query.error, t('common.unknownError'))}</Text>
        ) : isEmpty(query.data) ? (
          <Text color="fg.muted" data-testid={`${testId}-empty`}>
            {t('diagnostics.noData')}
          </Text>
        ) : (
          children(query.data)
        )}
      </Card.Body>
    </Card.Root>
  );
}
