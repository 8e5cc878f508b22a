import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface PlantSpan {
  code: string;
  plantDate: string;
  start: string;
  end: string;
}

/** GET /api/calendar/now: the plant's clock, production day (06:00 to 06:00) and current shift, as the server sees them. */
export interface PlantNow {
  now: string;
  timeZone: string;
  plantDate: string;
  shift: PlantSpan;
  day: PlantSpan;
}

export const PLANT_NOW_PATH = '/api/calendar/now';

export function getPlantNow(): Promise<PlantNow> {
  return apiRequest<PlantNow>(PLANT_NOW_PATH);
}

/** Fetched fresh each time a screen asks (a dialog opened after midnight or 06:00 proposes the new day). */
export const plantNowQuery = queryOptions({ queryKey: ['calendar', 'now'], queryFn: getPlantNow, staleTime: 0 });

/** "Today" for defaults of filters and dialogs: the browser's own date may be another zone's, or before 06:00. */
export function usePlantNow() {
  return useQuery(plantNowQuery);
}
