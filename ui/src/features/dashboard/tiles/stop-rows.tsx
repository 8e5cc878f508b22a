import { Box, Checkbox, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RecognizeButton, SplitButton } from '../../../components/stops/stop-dialogs';
import { canHandleStops, SPLIT_COLUMN_ROLES, stopColor, type Stop } from '../../../components/stops/stop';
import { hasRole } from '../../../lib/roles';
import { minutesLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';

export interface StopRowsProps {
  stops: readonly Stop[];
  roleID: number;
  /** Selection boxes (the stops manager recognizes several stops at once). */
  selection?: { selected: ReadonlySet<number>; toggle: (stopID: number) => void };
  /** The split button (the supervisor's, SPEC.md section 6). */
  withSplit?: boolean;
  testId: string;
}

/**
 * Stops as rows: start, minutes, reason (or 'No reconocida' in red), and 'Reconocer' / 'Modificar' for who may. On a
 * phone (narrower than Chakra's sm, 480 px) each stop is one stacked cell instead of four columns, so the tile never
 * needs more width than the screen has.
 */
export function StopRows({ stops, roleID, selection, withSplit = false, testId }: StopRowsProps) {
  const { t } = useTranslation();
  const stacked = useBreakpointValue({ base: true, sm: false }) ?? false;
  const handles = canHandleStops(roleID);
  const splits = withSplit && hasRole(roleID, SPLIT_COLUMN_ROLES);
  if (stops.length === 0) return <Text color="fg.muted">{t('dashboard.noStops')}</Text>;
  const reasonOf = (stop: Stop) => (
    <HStack gap="2" minW="0">
      <Box w="3" h="3" borderRadius="sm" bg={stopColor(stop)} flexShrink={0} />
      <Text color={stop.recognized ? undefined : 'red.600'} truncate={!stacked}>
        {stop.recognized ? (stop.path ?? stop.reason) : t('dashboard.unrecognized')}
      </Text>
    </HStack>
  );
  const actionsOf = (stop: Stop) =>
    (handles || splits) && (
      <HStack gap="1" justify={stacked ? 'start' : 'end'}>
        {handles && <RecognizeButton stop={stop} />}
        {splits && <SplitButton stop={stop} />}
      </HStack>
    );
  return (
    <Table.Root size="sm" data-testid={testId} data-stacked={stacked}>
      <Table.Body>
        {stops.map((stop) => (
          <Table.Row key={stop.stopID} data-testid={`stop-row-${stop.stopID}`}>
            {selection && (
              <Table.Cell w="8">
                <Checkbox.Root
                  size="sm"
                  checked={selection.selected.has(stop.stopID)}
                  onCheckedChange={() => selection.toggle(stop.stopID)}
                  aria-label={String(stop.stopID)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
            )}
            {stacked ? (
              <Table.Cell>
                <Stack gap="1">
                  <HStack justify="space-between" gap="2" wrap="wrap">
                    <Text>{formatPlantDateTime(stop.startDate)}</Text>
                    <Text>{minutesLabel(stop.duration, 'min')}</Text>
                  </HStack>
                  {reasonOf(stop)}
                  {actionsOf(stop)}
                </Stack>
              </Table.Cell>
            ) : (
              <>
                <Table.Cell whiteSpace="nowrap">{formatPlantDateTime(stop.startDate)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {minutesLabel(stop.duration, 'min')}
                </Table.Cell>
                <Table.Cell>{reasonOf(stop)}</Table.Cell>
                {(handles || splits) && (
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {actionsOf(stop)}
                  </Table.Cell>
                )}
              </>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
