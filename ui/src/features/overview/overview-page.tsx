import { Button, Flex, Group, Heading, SimpleGrid, Spacer, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { percentLabel } from '../../lib/indicator-format';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { useSectorIndicators } from './api/get-sector-indicators';
import { LineCard } from './line-card';
import { DEFAULT_COLUMNS, nextColumns, overviewFilter, type Columns } from './overview-params';

/**
 * /resumen?sector=&lines= (SPEC.md section 2): a card per line, polled every 10 s, in 3 to 5 columns (the toggle
 * cycles, 3 by default); each card opens the line's dashboard.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('overview.title'));
  const [params, setParams] = useSearchParams();
  const filter = overviewFilter(params);
  const [columns, setColumns] = useState<Columns>(DEFAULT_COLUMNS);
  const overview = useSectorIndicators(filter);
  const sectors = (useResourceTree().data ?? []).filter((sector) => sector.lines.length > 0);
  const all = filter.sectorID === null && filter.lines === null;
  // The figure says what it covers: a sector by name, the lines asked for (they may span sectors), or every line.
  const sectorName = sectors.find((sector) => sector.sectorID === filter.sectorID)?.sectorName;
  const scopeLabel = (value: string) =>
    filter.lines !== null
      ? t('overview.linesOee', { lines: filter.lines.join(', '), value })
      : filter.sectorID !== null
        ? t('overview.sectorOee', { sector: sectorName ?? filter.sectorID, value })
        : t('overview.allLinesOee', { value });

  return (
    <Flex direction="column" gap="3" data-testid="overview">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">{t('overview.title')}</Heading>
        {overview.data && (
          <Text color="fg.muted" data-testid="overview-scope-oee">
            {scopeLabel(percentLabel(overview.data.oee))}
          </Text>
        )}
        {overview.data && overview.data.coveredLines < overview.data.lineCount && (
          <Text color="orange.fg" fontSize="sm" data-testid="overview-coverage">
            {t('indicators.coverage', { covered: overview.data.coveredLines, total: overview.data.lineCount })}
          </Text>
        )}
        <Spacer />
        <Group attached>
          <Button size="sm" variant={all ? 'solid' : 'outline'} onClick={() => setParams({})} data-testid="overview-all">
            {t('overview.allLines')}
          </Button>
          {sectors.map((sector) => (
            <Button
              key={sector.sectorID}
              size="sm"
              variant={filter.sectorID === sector.sectorID ? 'solid' : 'outline'}
              onClick={() => setParams({ sector: String(sector.sectorID) })}
              data-testid={`overview-sector-${sector.sectorID}`}
            >
              {sector.sectorName}
            </Button>
          ))}
        </Group>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setColumns(nextColumns(columns))}
          data-testid="overview-columns"
          data-columns={columns}
        >
          {t('overview.columns', { n: columns })}
        </Button>
      </Flex>
      {overview.isPending ? (
        <Spinner />
      ) : overview.isError ? (
        <Text color="fg.error">{errorMessage(overview.error, t('common.unknownError'))}</Text>
      ) : overview.data.lines.length === 0 ? (
        <Text color="fg.muted">{t('overview.noLines')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: columns }} gap="4" data-testid="overview-cards">
          {overview.data.lines.map((line) => (
            <LineCard key={line.lineID} line={line} />
          ))}
        </SimpleGrid>
      )}
    </Flex>
  );
}
