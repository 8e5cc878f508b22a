import { Box, Checkbox, HStack, Table, Text } from '@chakra-ui/react';
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

/** Stops as rows: start, minutes, reason (or 'No reconocida' in red), and 'Reconocer' / 'Modificar' for who may. */
export function StopRows({ stops, roleID, selection, withSplit = false, testId }: StopRowsProps) {
  const { t } = useTranslation();
  const handles = canHandleStops(roleID);
  const splits = withSplit && hasRole(roleID, SPLIT_COLUMN_ROLES);
  if (stops.length === 0) return <Text color="fg.muted">{t('dashboard.noStops')}</Text>;
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Body>
        {stops.map((stop) => (
          <Table.Row key={stop.stopID} data-testid={`stop-row-${stop.stopID}`}>
            {selection && (
              <Table.Cell w="8">
                <Checkbox.Root size="sm" checked={selection.selected.has(stop.stopID)} onCheckedChange={() => selection.toggle(stop.stopID)} aria-label={String(stop.stopID)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
            )}
            <Table.Cell whiteSpace="nowrap">{formatPlantDateTime(stop.startDate)}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {minutesLabel(stop.duration, 'min')}
            </Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Box w="3" h="3" borderRadius="sm" bg={stopColor(stop)} flexShrink={0} />
                <Text color={stop.recognized ? undefined : 'red.600'} truncate>
                  {stop.recognized ? (stop.path ?? stop.reason) : t('dashboard.unrecognized')}
                </Text>
              </HStack>
            </Table.Cell>
            {(handles || splits) && (
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <HStack gap="1" justify="end">
                  {handles && <RecognizeButton stop={stop} />}
                  {splits && <SplitButton stop={stop} />}
                </HStack>
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
