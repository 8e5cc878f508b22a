import { Button, Field, Group, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { optionsQuery } from '../../../components/data-grid/grid-api';
import { errorMessage } from '../../../lib/api-client';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { useAllStopReasons } from '../../../lib/stop-reasons';
import { LINE_OPTIONS } from '../../../components/data-grid/shared-fields';
import { buildReasonTree } from './stop-reasons/reason-tree';
import { ReasonTreeView } from './stop-reasons/reason-tree-view';
import { STOP_REASON_FIELDS } from './stop-reasons/stop-reason-fields';

/** Stop reasons in tree or grid mode (SPEC.md section 4); only the supervisor changes them and picks a line. */
export default function StopReasonsTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'tree' | 'grid'>('tree');
  const [lineID, setLineID] = useState<number | null>(null);
  const reasons = useAllStopReasons();
  const lines = useQuery({ ...optionsQuery(LINE_OPTIONS), enabled: canWrite });

  return (
    <Stack gap="3">
      <HStack gap="4" wrap="wrap">
        <Group attached>
          <Button size="sm" variant={mode === 'tree' ? 'solid' : 'outline'} onClick={() => setMode('tree')} data-testid="reasons-mode-tree">
            {t('stopReasons.treeMode')}
          </Button>
          <Button size="sm" variant={mode === 'grid' ? 'solid' : 'outline'} onClick={() => setMode('grid')} data-testid="reasons-mode-grid">
            {t('stopReasons.gridMode')}
          </Button>
        </Group>
        {canWrite && mode === 'tree' && (
          <Field.Root orientation="horizontal" maxW="xs">
            <Field.Label>{t('stopReasons.line')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="reasonLine"
                value={lineID ?? ''}
                onChange={(event) => setLineID(event.target.value === '' ? null : Number(event.target.value))}
              >
                <option value="">{t('stopReasons.allLines')}</option>
                {(lines.data ?? []).map((line) => (
                  <option key={String(line.value)} value={String(line.value)}>
                    {line.text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </HStack>
      {mode === 'grid' ? (
        <DataGrid
          path="/api/stopreasons"
          keyFields={['reasonID']}
          fields={STOP_REASON_FIELDS}
          canWrite={canWrite}
          exportName="motivos-parada"
          testId="stop-reasons-grid"
        />
      ) : reasons.isPending ? (
        <Spinner />
      ) : reasons.isError ? (
        <Text color="fg.error">{errorMessage(reasons.error, t('common.unknownError'))}</Text>
      ) : (
        <ReasonTreeView tree={buildReasonTree(reasons.data)} canWrite={canWrite} lineID={lineID} />
      )}
    </Stack>
  );
}
