import { useQuery } from '@tanstack/react-query';
import { listRecords, MAX_TAKE } from '../../../components/data-grid/grid-api';
import type { Stop } from '../../../components/stops/stop';
import type { TimeRange } from '../dashboard-context';
import { rangeQuery } from './range-query';

/** The stops of a line that overlap [start, end) (an open stop overlaps until now), oldest first. */
export async function getRangeStops(lineID: number, start: string, end: string): Promise<Stop[]> {
  const page = await listRecords<Stop>('/api/stops', {
    filter: [['lineID', '=', lineID], 'and', ['startDate', '<', end], 'and', [['endDate', '>', start], 'or', ['endDate', '=', null]]],
    sort: [{ selector: 'startDate', desc: false }],
    skip: 0,
    take: MAX_TAKE,
  });
  return page.data;
}

export const rangeStopsQuery = (lineID: number, range: TimeRange | null, refreshMs: number) =>
  rangeQuery('stops', lineID, range, refreshMs, ({ start, end }) => getRangeStops(lineID, start, end));

/** The stops of the shift on screen (stop explorer, stops list). */
export function useRangeStops(lineID: number, range: TimeRange | null, refreshMs: number) {
  return useQuery(rangeStopsQuery(lineID, range, refreshMs));
}
