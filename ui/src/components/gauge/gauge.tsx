import { Box, Text } from '@chakra-ui/react';
import { MeterArc } from '../meter-arc';
import { gaugeReading } from './gauge-reading';

/** The upper half circle, drawn left to right; pathLength 100 makes the dash length the filled percentage. */
const ARC = 'M 15 100 A 85 85 0 0 1 185 100';

/**
 * A half-circle gauge of a ratio (OEE, utilization, throughput, acceptance): the arc filled up to 100 %, the whole
 * percentage in the middle (capped at '999+%') and a caption under it (the shift it belongs to). Plain SVG: nothing
 * to create or destroy while the dashboard polls.
 */
export function Gauge({ value, color, caption, testId }: { value: number | null | undefined; color: string; caption?: string; testId?: string }) {
  const reading = gaugeReading(value);
  return (
    <Box textAlign="center" w="full" h="full" display="flex" flexDirection="column" alignItems="center" justifyContent="center" data-testid={testId}>
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
        <Text fontSize="sm" color="fg.muted">
          {caption}
        </Text>
      )}
    </Box>
  );
}
