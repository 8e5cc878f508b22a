import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridRow } from '../../components/data-grid/grid-types';
import { useDocumentTitle } from '../../components/use-document-title';
import { useGridRefreshMs } from '../../lib/parameters';
import { IndexFilterBar } from './components/index-filter-bar';
import { ShiftHistory } from './components/shift-history';
import { WaterfallSection } from './components/waterfall-section';
import { NO_INDEX_FILTER, shiftIndexFilter } from './index-filters';
import { SHIFT_INDEX_FIELDS } from './shift-index-fields';

/**
 * /indexes/shift (SPEC.md sections 2, 3): the index of every line's shift (TM, TT, TN; the production day of the line's
 * work calendar, as the server answers it), newest first, paged on the server, filtered by line and production days; a selected row shows that shift's
 * history below.
 */
export default function ShiftIndexesPage() {
  const { t } = useTranslation();
  const refreshMs = useGridRefreshMs();
  useDocumentTitle(t('shiftIndexes.title'));
  const [filter, setFilter] = useState(NO_INDEX_FILTER);
  const [selected, setSelected] = useState<GridRow | null>(null);
  return (
    <Stack gap="3">
      <IndexFilterBar onApply={setFilter} testId="shift-indexes-filter" />
      <DataGrid
        path="/api/oeeindex/history"
        keyFields={['lineID', 'shiftStart']}
        fields={SHIFT_INDEX_FIELDS}
        canWrite={false}
        filter={shiftIndexFilter(filter)}
        exportName="indices-por-turno"
        title={t('shiftIndexes.title')}
        height={460}
        onSelect={setSelected}
        refreshMs={refreshMs}
        testId="shift-indexes-grid"
      />
      {selected ? (
        <>
          <ShiftHistory
            key={`${String(selected.lineID)}-${String(selected.shiftStart)}`}
            lineID={Number(selected.lineID)}
            shiftStart={String(selected.shiftStart)}
          />
          <WaterfallSection
            query={{ lineID: Number(selected.lineID), from: String(selected.shiftStart), to: String(selected.shiftEnd) }}
            caption={`${String(selected.shift ?? '')} · ${String(selected.productionDay ?? '')} · ${String(selected.description ?? selected.lineID)}`}
            testId="shift-waterfall"
          />
        </>
      ) : (
        <Text color="fg.muted">{t('shiftIndexes.pickShift')}</Text>
      )}
    </Stack>
  );
}
