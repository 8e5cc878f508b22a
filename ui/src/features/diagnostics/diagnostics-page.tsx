import { Checkbox, CheckboxGroup, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { DIAGNOSTICS_POLL_MS } from './api/diagnostics-query';
import { AboveNominalSpeedView } from './components/above-nominal-speed-view';
import { CounterEventsView } from './components/counter-events-view';
import { ExecutionHistoryView } from './components/execution-history-view';
import { NotificationsView } from './components/notifications-view';
import { OpcServersView } from './components/opc-servers-view';
import { StoragePanel } from './components/storage-panel';
import { TagUpdatesView } from './components/tag-updates-view';
import { chosenViews, DIAGNOSTIC_VIEWS, isViewList, orderedViews, useChosenViews, type DiagnosticView } from './diagnostics-views';

const VIEWS: Record<DiagnosticView, ComponentType> = {
  tagUpdates: TagUpdatesView,
  executionHistory: ExecutionHistoryView,
  opcServers: OpcServersView,
  counterEvents: CounterEventsView,
  notifications: NotificationsView,
  aboveNominalSpeed: AboveNominalSpeedView,
};

/**
 * /diagnostics (administrator, SPEC.md sections 2 and 9): the views chosen in the multi-select (kept in this browser),
 * each polled every 5 s while shown.
 */
export default function DiagnosticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('diagnostics.title'));
  const chosen = useChosenViews();
  return (
    <Stack gap="3" data-testid="diagnostics-page">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">{t('diagnostics.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('diagnostics.polled', { seconds: DIAGNOSTICS_POLL_MS / 1000 })}
        </Text>
      </Flex>
      <StoragePanel />
      <CheckboxGroup
        value={[...chosen]}
        onValueChange={(value) => isViewList(value) && chosenViews.set(value)}
        data-testid="diagnostics-views"
      >
        <Flex gap="4" wrap="wrap" align="center">
          <Text fontSize="sm" fontWeight="medium">
            {t('diagnostics.views.label')}
          </Text>
          {DIAGNOSTIC_VIEWS.map((view) => (
            <Checkbox.Root key={view} value={view} data-testid={`choose-${view}`}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`diagnostics.views.${view}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </CheckboxGroup>
      {chosen.length === 0 ? (
        <Text color="fg.muted">{t('diagnostics.noViews')}</Text>
      ) : (
        orderedViews(chosen).map((view) => {
          const View = VIEWS[view];
          return <View key={view} />;
        })
      )}
    </Stack>
  );
}
