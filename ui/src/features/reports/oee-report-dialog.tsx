import { Button, Dialog, Field, HStack, NativeSelect, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { SectorLineOptions } from '../../components/line-picker/sector-line-options';
import { errorMessage } from '../../lib/api-client';
import { usePlantNow } from '../../lib/plant-now';
import type { MenuDialogProps } from '../../modules/manifest';
import { useDownloadOeeReport } from './api/download-oee-report';
import { DateInput } from '../../components/date-input/date-input';

const ALL_LINES = '';

/**
 * 'Reporte OEE': production days from–to (default: the plant's current production day, from the server's clock) and
 * one line or all; the workbook covers exactly those days. A failed download keeps the dialog open.
 */
export default function OeeReportDialog({ onClose }: MenuDialogProps) {
  const { t } = useTranslation();
  const now = usePlantNow();
  return (
    // The menu that opened the dialog gives the focus back to its button as it closes, which can come after the dialog
    // is drawn: that focus outside must not dismiss the dialog (a click outside or Escape still does).
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} onFocusOutside={(event) => event.preventDefault()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="oee-report-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('reports.title')}</Dialog.Title>
            </Dialog.Header>
            {now.isPending ? (
              <Dialog.Body>
                <Spinner />
              </Dialog.Body>
            ) : now.isError ? (
              <Dialog.Body>
                <Text color="fg.error">{errorMessage(now.error, t('common.unknownError'))}</Text>
              </Dialog.Body>
            ) : (
              <ReportForm today={now.data.plantDate} onClose={onClose} />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ReportForm({ today, onClose }: { today: string; onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useResourceTree();
  const download = useDownloadOeeReport();
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [line, setLine] = useState(ALL_LINES);
  const missing = !startDate || !endDate;
  const reversed = !missing && startDate > endDate;
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <HStack gap="3" align="start">
            <Field.Root required invalid={!startDate}>
              <Field.Label>{t('reports.from')}</Field.Label>
              <DateInput value={startDate} max={endDate || undefined} onChange={setStartDate} testId="report-start" />
            </Field.Root>
            <Field.Root required invalid={!endDate || reversed}>
              <Field.Label>{t('reports.to')}</Field.Label>
              <DateInput value={endDate} min={startDate || undefined} onChange={setEndDate} testId="report-end" />
              {reversed && <Field.ErrorText>{t('reports.reversed')}</Field.ErrorText>}
            </Field.Root>
          </HStack>
          <Field.Root>
            <Field.Label>{t('reports.line')}</Field.Label>
            <NativeSelect.Root disabled={tree.isPending}>
              <NativeSelect.Field value={line} onChange={(event) => setLine(event.target.value)} data-testid="report-line">
                <option value={ALL_LINES}>{t('reports.allLines')}</option>
                <SectorLineOptions sectors={tree.data} />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Text fontSize="sm" color="fg.muted">
            {t('reports.dayHint')}
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={download.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette="teal"
          loading={download.isPending}
          disabled={missing || reversed}
          data-testid="report-download"
          onClick={() => download.mutate({ startDate, endDate, lineID: line === ALL_LINES ? null : Number(line) }, { onSuccess: onClose })}
        >
          {t('reports.download')}
        </Button>
      </Dialog.Footer>
    </>
  );
}
