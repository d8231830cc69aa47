// Pure helpers of the calendar: the month range to ask for, entries grouped by day, the date in
// the URL. Days are the gateway's (`entry.date`, in the learner's time zone): nothing is
// recomputed from instants here.
import { endOfMonth, parseDate, startOfMonth, type CalendarDate } from '@internationalized/date';
import type { CalendarEntry, CalendarEntryKind } from '../../api/contracts/bff';

/** The first and last day of the month of `date`, as the calendar view's query wants them. */
export function monthRange(date: CalendarDate): { from: string; to: string } {
  return { from: startOfMonth(date).toString(), to: endOfMonth(date).toString() };
}

/** `?date=YYYY-MM-DD`, else `fallback` (today in the learner's zone). */
export function parseDateParam(value: string | null, fallback: CalendarDate): CalendarDate {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fallback;
  try {
    return parseDate(value);
  } catch {
    return fallback;
  }
}

/** Entries by day (`YYYY-MM-DD`), each day's in the view's order. */
export function entriesByDay(entries: readonly CalendarEntry[]): Map<string, CalendarEntry[]> {
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    const list = days.get(entry.date);
    if (list) list.push(entry);
    else days.set(entry.date, [entry]);
  }
  return days;
}

export const KINDS: readonly CalendarEntryKind[] = ['due', 'availableFrom', 'availableUntil', 'event'];
