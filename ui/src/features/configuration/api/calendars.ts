import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarSchema, calendarsResponseSchema } from '../../../../../edge/src/modules/calendar/calendar.schemas';
import { apiRequest } from '../../../lib/api-client';
import { getCalendarDays, type CalendarDay } from '../../../lib/shift-range';

/** A work calendar as the API writes it: versions effective from a date (shifts, breaks, weekdays) and exceptions. */
export type WorkCalendar = z.input<typeof calendarSchema>;
export type Calendars = z.output<typeof calendarsResponseSchema>;
export type CalendarDays = CalendarDay[];

const CALENDARS_KEY = ['calendars'] as const;

/** GET /api/calendars: the plant's calendar (the default one when none is stored) and each line's own. */
export function useCalendars() {
  return useQuery({ queryKey: CALENDARS_KEY, queryFn: () => apiRequest<Calendars>('/api/calendars') });
}

/** The preview's days: GET /api/calendars/days of a line's calendar (its own, else the plant's), or the plant's. */
export function useCalendarPreview(query: { lineID: number | null; from: string; to: string } | null) {
  return useQuery({
    queryKey: ['calendars', 'days', query],
    queryFn: () => getCalendarDays(query!.lineID, query!.from, query!.to),
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
