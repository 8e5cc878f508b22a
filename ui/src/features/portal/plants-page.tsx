import { Alert, Badge, Box, Card, Flex, Heading, SimpleGrid, Spacer, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../components/compact-table';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../components/use-document-title';
import { percentLabel, quantityLabel } from '../../lib/indicator-format';
import type { PortalFigures } from './api/figures';
import { PLANTS_PATH, usePlants, type PortalPlant } from './api/get-plants';
import { DateField, ExportButton } from './portal-controls';
import { formatDateTimeInZone } from '../../lib/plant-time';

/** A figure block: OEE large, its three factors and the production below (or 'Sin datos'). */
function FiguresBlock({ title, figures, testId }: { title: string; figures: PortalFigures | null; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box flex="1" borderWidth="1px" borderRadius="md" p="2" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted">
        {title}
      </Text>
      {figures ? (
        <>
          <Text fontSize="2xl" fontWeight="bold">
            {t('portal.figures.oee')} {percentLabel(figures.oee)}
          </Text>
          <Text fontSize="sm">
            {t('portal.figures.utilization')} {percentLabel(figures.utilization)} · {t('portal.figures.throughput')}{' '}
            {percentLabel(figures.throughput)} · {t('portal.figures.acceptance')} {percentLabel(figures.acceptance)}
          </Text>
          <Text fontSize="sm">
            {t('portal.figures.production')}: {quantityLabel(figures.productionQuantity, i18n.language)}
          </Text>
          {figures.lineCount !== undefined && figures.coveredLines !== undefined && figures.coveredLines < figures.lineCount && (
            <Text fontSize="xs" color="orange.fg" data-testid={`${testId}-coverage`}>
              {t('indicators.coverage', { covered: figures.coveredLines, total: figures.lineCount })}
            </Text>
          )}
        </>
      ) : (
        <Text fontSize="sm">{t('portal.plants.noData')}</Text>
      )}
    </Box>
  );
}

function PlantCard({ plant }: { plant: PortalPlant }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root data-testid={`plant-${plant.plantId}`}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Box>
            <Heading size="md" data-testid={`plant-${plant.plantId}-name`}>
              {plant.name ?? plant.plantId}
            </Heading>
            {plant.name !== null && (
              <Text fontSize="xs" color="fg.muted">
                {plant.plantId}
              </Text>
            )}
          </Box>
          <Badge>{plant.timeZone}</Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted" data-testid={`plant-${plant.plantId}-sync`}>
          {plant.lastSyncedAt
            ? `${t('portal.plants.lastSync', { time: formatDateTimeInZone(plant.lastSyncedAt, plant.timeZone) })} · ${t('portal.plants.syncLag', { minutes: quantityLabel((plant.syncLagSeconds ?? 0) / 60, i18n.language, 1) })}`
            : t('portal.plants.neverSynced')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Flex gap="2" wrap="wrap">
            <FiguresBlock
              title={t('portal.plants.today', { day: plant.day })}
              figures={plant.today}
              testId={`plant-${plant.plantId}-today`}
            />
            <FiguresBlock
              title={t('portal.plants.week', { day: plant.weekStart })}
              figures={plant.week}
              testId={`plant-${plant.plantId}-week`}
            />
          </Flex>
          <CompactTable
            maxH="220px"
            testId={`plant-${plant.plantId}-lines`}
            columns={[
              { label: t('portal.plants.line') },
              { label: t('portal.plants.sector') },
              { label: t('portal.figures.production'), end: true },
              { label: t('portal.figures.oee'), end: true },
            ]}
          >
            {plant.lines.map((line) => (
              <tr key={line.lineID}>
                <td>{line.description ?? line.lineID}</td>
                <td>{line.sectorName ?? ''}</td>
                <td className="end">{quantityLabel(line.productionQuantity, i18n.language)}</td>
                <td className="end" title={line.aboveNominalSpeed ? t('indicators.aboveNominalSpeed', { n: line.lineID }) : undefined}>
                  {percentLabel(line.oee)}
                  {line.aboveNominalSpeed && ' ⚠'}
                </td>
              </tr>
            ))}
          </CompactTable>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The plants overview: a card per plant with its day's and week's figures (its own time zone), its freshness, its lines. */
export default function PlantsPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState('');
  const plants = usePlants(day || null);
  useDocumentTitle(t('portal.plants.title'));
  return (
    <Stack gap="4" p="4" data-testid="portal-plants">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Heading size="lg">{t('portal.plants.title')}</Heading>
        <Spacer />
        <DateField label={t('portal.plants.day')} value={day} onChange={setDay} testId="plants-day" />
        <ExportButton request={{ path: PLANTS_PATH, query: { day: day || null }, fileName: 'plantas' }} testId="plants-export" />
      </Flex>
      {plants.isPending ? (
        <PageSpinner />
      ) : plants.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('portal.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : plants.data.length === 0 ? (
        <Text>{t('portal.plants.empty')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {plants.data.map((plant) => (
            <PlantCard key={plant.plantId} plant={plant} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
