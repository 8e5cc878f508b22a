import { Box, Heading, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n';
import { shareLabel } from '../../../lib/indicator-format';
import { minutesText } from '../summary-format';

export interface SummaryTableRow {
  /** The row's reason path ('' for the stops not recognized yet), in data-path for tests and tools. */
  path: string | null;
  label: string;
  title?: string;
  minutes: number;
  count: number;
  percent: number;
  /** The last cell: the colour swatch, the bullet bar. */
  extra: ReactNode;
}

/**
 * A table of the range's stops grouped one way (by reason, by path): a name, minutes, a count, the percent of the
 * total and a last cell of its own; a total row; the unrecognized group named in red. Both summary pages use it.
 */
export function SummaryTable({
  title,
  headers,
  rows,
  totalMinutes,
  testId,
}: {
  title: string;
  headers: { label: MessageKey; count: MessageKey; extra: MessageKey; extraWidth?: string };
  rows: readonly SummaryTableRow[];
  totalMinutes: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Heading size="md" mb="2">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" data-testid="summary-no-stops">
          {t('stopSummary.noStops')}
        </Text>
      ) : (
        <Table.Root size="sm" interactive data-testid={testId}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t(headers.label)}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('stopSummary.columns.duration')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t(headers.count)}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('stopSummary.columns.percent')}</Table.ColumnHeader>
              <Table.ColumnHeader w={headers.extraWidth}>{t(headers.extra)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.path ?? ''} data-testid={`${testId}-row`} data-path={row.path ?? ''}>
                <Table.Cell title={row.title} color={row.path === null ? 'red.600' : undefined}>
                  {row.label}
                </Table.Cell>
                <Table.Cell textAlign="end">{minutesText(row.minutes)}</Table.Cell>
                <Table.Cell textAlign="end">{row.count}</Table.Cell>
                <Table.Cell textAlign="end">{shareLabel(row.percent)}</Table.Cell>
                <Table.Cell>{row.extra}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold" data-testid={`${testId}-total`}>
              <Table.Cell>{t('stopSummary.total')}</Table.Cell>
              <Table.Cell textAlign="end">{minutesText(totalMinutes)}</Table.Cell>
              <Table.Cell textAlign="end">{rows.reduce((sum, row) => sum + row.count, 0)}</Table.Cell>
              <Table.Cell textAlign="end">{shareLabel(totalMinutes > 0 ? 1 : 0)}</Table.Cell>
              <Table.Cell />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      )}
    </Box>
  );
}
