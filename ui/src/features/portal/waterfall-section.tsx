import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../components/compact-table';
import { percentLabel, quantityLabel } from '../../lib/indicator-format';
import { plantsQuery } from './api/get-plants';
import { usePortalWaterfall } from './api/get-waterfall';
import { SelectField } from './portal-controls';
import { scopeOptions, waterfallRows } from './waterfall-rows';
import { lazyDefault } from '../../lib/lazy-component';

// chart.js is loaded with the chart (its own selective registration), not before the page that shows it.
const WaterfallChart = lazyDefault(() => import('../../components/losses/waterfall-chart'));

/**
 * Where the time went (issue 29) on the portal's losses page: for one plant, the whole of it, a sector or a line,
 * over the page's range of production days, the waterfall of GET /api/portal/waterfall as bars (minutes, the
 * tooltip adds the share), OEE and TEEP beside it, and the bars' table in minutes and share.
 */
export function WaterfallSection({ from, to, validRange }: { from: string; to: string; validRange: boolean }) {
  const { t, i18n } = useTranslation();
  const plants = useQuery({ ...plantsQuery(null), refetchInterval: false, staleTime: 5 * 60_000 });
  const [chosenPlant, setPlant] = useState<string | null>(null);
  const [scope, setScope] = useState('');
  const plantList = plants.data ?? [];
  const plant = chosenPlant ?? plantList[0]?.plantId ?? '';
  const current = plantList.find((candidate) => candidate.plantId === plant);
  const waterfall = usePortalWaterfall({ plant, scope, from, to }, validRange && plant !== '');
  const answer = waterfall.data;
  const options = scopeOptions(current, {
    plant: t('portal.waterfall.wholePlant'),
    sector: (name) => t('portal.waterfall.sector', { name }),
    line: (id, description) => t('portal.waterfall.line', { id, description: description ?? '' }),
  });
  const minutes = (value: number) => quantityLabel(value, i18n.language, 1);
  return (
    <Stack gap="3" data-testid="portal-waterfall">
      <Heading size="md">{t('losses.title')}</Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <SelectField
          label={t('portal.compare.plant')}
          value={plant}
          options={plantList.map((candidate) => ({ value: candidate.plantId, label: candidate.name ?? candidate.plantId }))}
          onChange={(value) => {
            setPlant(value);
            setScope('');
          }}
          testId="waterfall-plant"
        />
        <SelectField
          label={t('portal.waterfall.scope')}
          value={options.some((option) => option.value === scope) ? scope : ''}
          options={options}
          onChange={setScope}
          testId="waterfall-scope"
        />
      </Flex>
      {waterfall.isError && <Text color="fg.error">{t('portal.loadFailed')}</Text>}
      {answer && answer.calendarMinutes === 0 && <Text color="fg.muted">{t('losses.noData')}</Text>}
      {answer && answer.calendarMinutes > 0 && (
        <>
          <HStack gap="4" wrap="wrap" fontSize="sm">
            <Text fontWeight="semibold" data-testid="waterfall-oee">
              {t('losses.oee')} {percentLabel(answer.oee)}
            </Text>
            <Text fontWeight="semibold" data-testid="waterfall-teep">
              {t('losses.teep')} {percentLabel(answer.teep)}
            </Text>
            <Text color="fg.muted" data-testid="waterfall-summary">
              {t('losses.summary', {
                calendar: minutes(answer.calendarMinutes),
                loading: minutes(answer.loadingMinutes),
                planned: minutes(answer.plannedMinutes),
              })}
            </Text>
          </HStack>
          <Flex gap="4" direction={{ base: 'column', xl: 'row' }} align="stretch">
            <Box flex="3" h="300px" minW={0}>
              <WaterfallChart answer={answer} testId="waterfall-chart" />
            </Box>
            <Box flex="2" minW={0}>
              <CompactTable
                testId="waterfall-table"
                columns={[
                  { label: t('portal.waterfall.bar') },
                  { label: t('portal.waterfall.minutes'), end: true },
                  { label: t('portal.losses.share'), end: true },
                ]}
              >
                {waterfallRows(answer).map((row) => (
                  <tr key={row.key} data-testid={`waterfall-row-${row.key}`}>
                    <td>{row.key === 'calendar' ? t('losses.calendar') : t(`losses.bars.${row.key}`)}</td>
                    <td className="end">{minutes(row.minutes)}</td>
                    <td className="end">{percentLabel(row.share)}</td>
                  </tr>
                ))}
              </CompactTable>
            </Box>
          </Flex>
        </>
      )}
    </Stack>
  );
}
