import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { MeterArc } from '../meter-arc';
import { gaugeReading } from './gauge-reading';

/** The upper half circle, drawn left to right; pathLength 100 makes the dash length the filled percentage. */
const ARC = 'M 15 100 A 85 85 0 0 1 185 100';

/** Below this width (px) the side figure goes under the gauge instead of beside it (a half-width tile on a phone). */
const SIDE_BY_SIDE_MIN_PX = 260;

/** Whether an element is narrower than `minPx`, followed as it resizes (false until measured). */
function useNarrowerThan(minPx: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => setNarrow(element.clientWidth < minPx);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minPx]);
  return { ref, narrow };
}

/** A figure shown beside the gauge's own, under its own caption (the Ready order's beside the shift's). */
export interface GaugeSideReading {
  value: number | null | undefined;
  caption: string;
}

/**
 * A half-circle gauge of a ratio (OEE, utilization, throughput, acceptance): the arc filled up to 100 %, the whole
 * percentage in the middle (capped at '999+%') and a caption under it (the shift it belongs to). `side`: a second
 * figure beside it under its own caption, so each number on screen is of what its caption names; on a narrow tile (a
 * phone) the two are stacked, the side figure under the gauge, so neither is cut. `warning`: a line
 * under the caption (a figure above nominal speed). Plain SVG: nothing to create or destroy while the dashboard polls.
 */
export function Gauge({
  value,
  color,
  caption,
  side,
  warning,
  testId,
}: {
  value: number | null | undefined;
  color: string;
  caption?: string;
  side?: GaugeSideReading;
  warning?: string;
  testId?: string;
}) {
  const reading = gaugeReading(value);
  const { ref, narrow } = useNarrowerThan(SIDE_BY_SIDE_MIN_PX);
  const stacked = Boolean(side) && narrow;
  return (
    <Box
      ref={ref}
      textAlign="center"
      w="full"
      h="full"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      data-testid={testId}
    >
      <Flex w="full" flex={1} minH={0} direction={stacked ? 'column' : 'row'} align="center" justify="center" gap={stacked ? 0 : 2}>
        <Box
          display="flex"
          flexDirection="column"
          alignItems="center"
          flex={side && !stacked ? 3 : 1}
          minW={0}
          minH={0}
          w={stacked ? 'full' : undefined}
          h={stacked ? undefined : 'full'}
          justifyContent="center"
        >
          <MeterArc
            path={ARC}
            viewBox="0 0 200 112"
            style={{ width: '100%', maxWidth: 260, flex: 1, minHeight: 0 }}
            fraction={reading.fraction}
            color={color}
            strokeWidth={18}
            label={reading.label}
            labelY={96}
            fontSize={34}
            labelTestId={testId ? `${testId}-value` : undefined}
          />
          {caption && (
            <Text fontSize="sm" color="fg.muted" data-testid={testId ? `${testId}-caption` : undefined}>
              {caption}
            </Text>
          )}
        </Box>
        {side && (
          <Box
            flex={stacked ? 'none' : 1}
            minW={0}
            maxW="full"
            display="flex"
            flexDirection="column"
            alignItems="center"
            justifyContent="center"
          >
            <Text
              fontSize={stacked ? 'md' : 'xl'}
              fontWeight="semibold"
              lineHeight={stacked ? 'short' : undefined}
              data-testid={testId ? `${testId}-side-value` : undefined}
            >
              {gaugeReading(side.value).label}
            </Text>
            <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere" data-testid={testId ? `${testId}-side-caption` : undefined}>
              {side.caption}
            </Text>
          </Box>
        )}
      </Flex>
      {warning && (
        <Text fontSize="xs" color="orange.fg" data-testid={testId ? `${testId}-warning` : undefined}>
          {warning}
        </Text>
      )}
    </Box>
  );
}
