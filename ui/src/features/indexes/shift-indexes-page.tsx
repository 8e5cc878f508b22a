import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { useDocumentTitle } from '../../components/use-document-title';
import { IndexFilterBar } from './components/index-filter-bar';
import { ShiftHistory } from './components/shift-history';
import { WaterfallSection } from './components/waterfall-section';
import { NO_INDEX_FILTER, productionDayOf, shiftIndexFilter } from './index-filters';
import { RATIO_FIELDS, RELIABILITY_FIELDS, TIME_FIELDS } from './indicator-fields';

/** The columns of the shift-index grid: per line and shift, the shift's indicators. */
const SHIFT_INDEX_FIELDS: readonly GridField[] = [
  { name: 'lineID', label: 'indexes.fields.lineID', kind: 'number', identifier: true, width: 190, text: (row) => `${String(row.lineID)} · ${String(row.description ?? '')}` },
  { name: 'productionDay', label: 'indexes.fields.productionDay', width: 150, derived: true, text: (row) => productionDayOf(String(row.shiftStart)) },
  { name: 'shift', label: 'indexes.fields.shift', width: 90, derived: true, text: (row) => String(row.shift ?? '') },
  { name: 'shiftStart', label: 'indexes.fields.shiftStart', kind: 'date', width: 185, initialSort: 'desc' },
  { name: 'shiftEnd', label: 'indexes.fields.shiftEnd', kind: 'date', width: 185 },
  { name: 'productionQuantity', label: 'indexes.fields.productionQuantity', kind: 'number', width: 150 },
  // Made with no order running on a line with the order manager: beside the staffed production, in no factor.
  { name: 'unstaffedQuantity', label: 'indexes.fields.unstaffedQuantity', kind: 'number', width: 150 },
  ...TIME_FIELDS,
  { name: 'adjustedDiscountTime', label: 'indexes.fields.adjustedDiscountTime', kind: 'minutes', width: 160 },
  ...RATIO_FIELDS,
  ...RELIABILITY_FIELDS,
];

/**
 * /indexes/shift (SPEC.md sections 2, 3): the index of every line's shift (TM, TT, TN; production day in the plant's
 * zone), newest first, paged on the server, filtered by line and production days; a selected row shows that shift's
 * history below.
 */
export default function ShiftIndexesPage() {
  const { t } = useTranslation();
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
        testId="shift-indexes-grid"
      />
      {selected ? (
        <>
          <ShiftHistory key={`${String(selected.lineID)}-${String(selected.shiftStart)}`} lineID={Number(selected.lineID)} shiftStart={String(selected.shiftStart)} />
          <WaterfallSection
            query={{ lineID: Number(selected.lineID), from: String(selected.shiftStart), to: String(selected.shiftEnd) }}
            caption={`${String(selected.shift ?? '')} · ${productionDayOf(String(selected.shiftStart))} · ${String(selected.description ?? selected.lineID)}`}
            testId="shift-waterfall"
          />
        </>
      ) : (
        <Text color="fg.muted">{t('shiftIndexes.pickShift')}</Text>
      )}
    </Stack>
  );
}
