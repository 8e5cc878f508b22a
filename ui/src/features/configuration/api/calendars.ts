import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  calendarDaysResponseSchema,
  calendarSchema,
  calendarsResponseSchema,
} from '../../../../../edge/src/modules/calendar/calendar.schemas';
import { apiRequest } from '../../../lib/api-client';

/** A work calendar as the API writes it: versions effective from a date (shifts, breaks, weekdays) and exceptions. */
export type WorkCalendar = z.input<typeof calendarSchema>;
export type Calendars = z.output<typeof calendarsResponseSchema>;
export type CalendarDays = z.output<typeof calendarDaysResponseSchema>;

const CALENDARS_KEY = ['calendars'] as const;

/** GET /api/calendars: the plant's calendar (the default one when none is stored) and each line's own. */
export function useCalendars() {
  return useQuery({ queryKey: CALENDARS_KEY, queryFn: () => apiRequest<Calendars>('/api/calendars') });
}

/** GET /api/calendars/days: the production days of a line's calendar (its own, else the plant's), or the plant's. */
export function useCalendarDays(query: { lineID: number | null; from: string; to: string } | null) {
  return useQuery({
    queryKey: ['calendars', 'days', query],
    queryFn: () =>
      apiRequest<CalendarDays>('/api/calendars/days', {
        query: { from: query!.from, to: query!.to, ...(query!.lineID === null ? {} : { lineID: query!.lineID }) },
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Stores a calendar: the plant's (lineID null), a line's own, or — `calendar` null — a line back on the plant's
 * (PUT /api/calendars/plant, PUT or DELETE /api/calendars/lines/:lineID). Each answers the calendars.
 */
export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineID, calendar }: { lineID: number | null; calendar: WorkCalendar | null }) =>
      lineID === null
        ? apiRequest<Calendars>('/api/calendars/plant', { method: 'PUT', json: calendar })
        : calendar === null
          ? apiRequest<Calendars>(`/api/calendars/lines/${lineID}`, { method: 'DELETE' })
          : apiRequest<Calendars>(`/api/calendars/lines/${lineID}`, { method: 'PUT', json: calendar }),
    onSuccess: (stored) => {
      queryClient.setQueryData(CALENDARS_KEY, stored);
      void queryClient.invalidateQueries({ queryKey: ['calendars', 'days'] });
    },
  });
}
