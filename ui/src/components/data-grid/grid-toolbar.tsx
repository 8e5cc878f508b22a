import { Badge, Button, Flex, HStack, Heading } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { notify } from '../feedback/toaster';
import { cellText, toCsv, type OptionResolver } from './field-values';
import { MAX_TAKE, gridPageQuery } from './grid-api';
import type { FilterExpression, LoadRequest } from './grid-query';
import type { GridField, GridRow } from './grid-types';

export interface GridToolbarProps {
  testId: string;
  title?: string;
  /** Read-only badge: shown when the user can do nothing here (row actions such as recognize are doing). */
  readOnly: boolean;
  /** More buttons, before the grid's own. */
  extra?: ReactNode;
  /** Add, edit, delete: each shown when the user may and the resource answers it; undefined hides it. */
  onAdd?: () => void;
  onEdit?: () => void;
  editDisabled: boolean;
  onDelete?: () => void;
  deleteDisabled: boolean;
  /** Several rows at once: how many are selected, and untick them all. */
  clearSelection?: { count: number; clear: () => void };
  onExport: () => void;
  exporting: boolean;
}

/** The toolbar of a DataGrid: its title and the read-only badge, then the page's buttons, add, edit, delete and the CSV export. */
export function GridToolbar({
  testId,
  title,
  readOnly,
  extra,
  onAdd,
  onEdit,
  editDisabled,
  onDelete,
  deleteDisabled,
  clearSelection,
  onExport,
  exporting,
}: GridToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="2" mb="2" wrap="wrap">
      {title && <Heading size="md">{title}</Heading>}
      {readOnly && (
        <Badge colorPalette="gray" data-testid={`${testId}-read-only`}>
          {t('grid.readOnly')}
        </Badge>
      )}
      <HStack gap="2" ms="auto" wrap="wrap">
        {extra}
        {onAdd && (
          <Button size="sm" colorPalette="teal" onClick={onAdd} data-testid={`${testId}-add`}>
            {t('grid.add')}
          </Button>
        )}
        {onEdit && (
          <Button size="sm" variant="outline" disabled={editDisabled} onClick={onEdit} data-testid={`${testId}-edit`}>
            {t('grid.edit')}
          </Button>
        )}
        {onDelete && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={deleteDisabled}
            onClick={onDelete}
            data-testid={`${testId}-delete`}
          >
            {t('grid.delete')}
          </Button>
        )}
        {clearSelection && (
          <Button
            size="sm"
            variant="outline"
            disabled={clearSelection.count === 0}
            onClick={clearSelection.clear}
            data-testid={`${testId}-clear-selection`}
          >
            {t('grid.clearSelection', { n: clearSelection.count })}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onExport} loading={exporting} data-testid={`${testId}-export`}>
          {t('grid.exportCsv')}
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * The CSV export of a DataGrid: every row the grid's last request matched (its filter and sort, up to MAX_TAKE rows),
 * each field shown in the grid as its cell shows it, saved as `exportName`.csv.
 */
export function useCsvExport<T extends GridRow>(options: {
  path: string;
  fields: readonly GridField<T>[];
  filter: FilterExpression | null;
  lastRequest: RefObject<LoadRequest | null>;
  resolver: OptionResolver;
  exportName: string;
}) {
  const { path, fields, filter, lastRequest, resolver, exportName } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const gridFields = fields.filter((field) => (field.inGrid ?? true) && !field.writeOnly);
      const yesNo = { yes: t('common.yes'), no: t('common.no') };
      const request = { ...(lastRequest.current ?? { filter, sort: [] }), skip: 0, take: MAX_TAKE };
      const page = await queryClient.fetchQuery(gridPageQuery<T>(path, request));
      const rows = page.data.map((row) => gridFields.map((field) => cellText(field, row, resolver, yesNo)));
      saveBlob(
        new Blob(
          [
            toCsv(
              gridFields.map((field) => t(field.label)),
              rows,
            ),
          ],
          { type: 'text/csv;charset=utf-8' },
        ),
        `${exportName}.csv`,
      );
    } catch (error) {
      notify.error(errorMessage(error, t('common.unknownError')));
    } finally {
      setExporting(false);
    }
  };
  return { exportCsv, exporting };
}
