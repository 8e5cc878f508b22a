import { Alert, Badge, Box, Button, Flex, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { formatPlantDateTime } from '../../lib/plant-time';
import { LOG_PATH, useLogTail } from './api/get-log-entries';
import { useLogInformation } from './api/get-log-information';
import { isLogLevel, LEVEL_COLORS, LOG_LEVELS, logFilter, type LogLevel } from './log-view';

function LevelBadge({ level }: { level: unknown }) {
  if (!isLogLevel(level)) return null;
  const { bg, fg } = LEVEL_COLORS[level];
  return (
    <Badge bg={bg} color={fg} variant="solid" minW="14" justifyContent="center" data-level={level}>
      {level}
    </Badge>
  );
}

const FIELDS: readonly GridField[] = [
  { name: 'time', label: 'logs.columns.time', kind: 'date', width: 200 },
  { name: 'level', label: 'logs.columns.level', width: 110, cell: (row) => <LevelBadge level={row.level} /> },
  { name: 'logger', label: 'logs.columns.logger', width: 150 },
  { name: 'message', label: 'logs.columns.message', flex: 1 },
];

const NO_OPERATIONS = { insert: false, update: false, delete: false };
const NO_ROWS: readonly GridRow[] = [];

/** Where the entries older than those in memory are: the log files of the edge's data directory. */
function RetentionNote() {
  const { t } = useTranslation();
  const information = useLogInformation();
  if (!information.data) return null;
  const { capacity, oldestTime, directory, file } = information.data;
  return (
    <Alert.Root status="info" size="sm" data-testid="log-retention">
      <Alert.Indicator />
      <Alert.Description>
        {t('logs.retention', { capacity, oldest: formatPlantDateTime(oldestTime) || '-', file, directory })}
      </Alert.Description>
    </Alert.Root>
  );
}

/**
 * /logs (administrator, SPEC.md sections 2 and 3): the edge's recent log, newest first, paged on the server, filtered
 * by level (one or several) and text. The follow mode asks every second only for the lines written since the newest
 * shown and puts them on top. A selected line shows its whole message.
 */
export default function LogsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('logs.title'));
  const [levels, setLevels] = useState<LogLevel[]>([]);
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed, 300);
  const [follow, setFollow] = useState(false);
  const [selected, setSelected] = useState<GridRow | null>(null);
  const filter = useMemo(() => logFilter({ levels, text }), [levels, text]);
  const tail = useLogTail(filter, follow);
  const toggleLevel = (level: LogLevel) =>
    setLevels((chosen) => (chosen.includes(level) ? chosen.filter((l) => l !== level) : [...chosen, level]));

  return (
    <Stack gap="3" data-testid="logs-page">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">{t('logs.title')}</Heading>
        {follow && (
          <Badge colorPalette="green" data-testid="log-following">
            {t('logs.following', { count: tail.data?.length ?? 0 })}
          </Badge>
        )}
      </Flex>
      <Flex align="center" gap="4" wrap="wrap">
        <HStack gap="1" wrap="wrap" role="group" aria-label={t('logs.levels')}>
          <Text fontSize="sm" me="1">
            {t('logs.levels')}
          </Text>
          {LOG_LEVELS.map((level) => {
            const chosen = levels.includes(level);
            return (
              <Button
                key={level}
                size="xs"
                variant={chosen ? 'solid' : 'outline'}
                bg={chosen ? LEVEL_COLORS[level].bg : undefined}
                color={chosen ? LEVEL_COLORS[level].fg : undefined}
                borderColor={LEVEL_COLORS[level].bg}
                aria-pressed={chosen}
                onClick={() => toggleLevel(level)}
                data-testid={`log-level-${level}`}
              >
                {level}
              </Button>
            );
          })}
          <Text fontSize="xs" color="fg.muted" ms="1">
            {levels.length === 0 ? t('logs.allLevels') : ''}
          </Text>
        </HStack>
        <Input
          size="sm"
          maxW="xs"
          placeholder={t('logs.search')}
          aria-label={t('logs.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="log-search"
        />
        <Switch.Root
          checked={follow}
          onCheckedChange={(details) => setFollow(details.checked)}
          colorPalette="green"
          data-testid="log-follow"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('logs.follow')}</Switch.Label>
        </Switch.Root>
      </Flex>
      {follow && tail.isError && <Text color="fg.error">{errorMessage(tail.error, t('common.unknownError'))}</Text>}
      <DataGrid
        path={LOG_PATH}
        keyFields={['id']}
        fields={FIELDS}
        canWrite={false}
        operations={NO_OPERATIONS}
        filter={filter}
        rows={follow ? (tail.data ?? NO_ROWS) : undefined}
        exportName="registro"
        pageSize={50}
        height={520}
        onSelect={setSelected}
        testId="log-grid"
      />
      <Box borderWidth="1px" borderRadius="md" p="3" data-testid="log-detail">
        {selected ? (
          <Stack gap="1">
            <HStack gap="2" fontSize="sm">
              <LevelBadge level={selected.level} />
              <Text>{formatPlantDateTime(String(selected.time))}</Text>
              <Text color="fg.muted">{String(selected.logger)}</Text>
            </HStack>
            <Text fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="log-detail-message">
              {String(selected.message)}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t('logs.selectHint')}
          </Text>
        )}
      </Box>
      <RetentionNote />
    </Stack>
  );
}
