import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '@/ui/format';
import type { SchemaPlanningItem as PlanningItem } from '@/api/generated/planner';

export type DayState = 'free' | 'taken' | 'mine';

const COLOURS: Record<DayState, string> = { free: '#2e7d32', taken: '#c62828', mine: '#0a3f8a' };
const DAY_MS = 86_400_000;

/** The calendar days from `start` to `end` (ISO dates, both included), as ISO dates. */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** What keeps a period from being drawn: a day missing, the end before the start, more than `maxDays` days. */
export function periodProblem(from: string, to: string, maxDays: number): 'missing' | 'order' | 'long' | undefined {
  if (!from || !to) return 'missing';
  if (to < from) return 'order';
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > maxDays) return 'long';
  return undefined;
}

/**
 * Each day of the period for one system: `mine` when this planning books it, `taken` when another
 * planning does, otherwise `free` (ISO dates compare as text). Without a planning (the system's own
 * calendar) a booked day is `taken`.
 */
export function dayStates(
  days: string[],
  bookings: Pick<PlanningItem, 'planningId' | 'periodStart' | 'periodEnd'>[],
  planningId?: number,
): DayState[] {
  return days.map((day) => {
    const covering = bookings.filter((b) => b.periodStart <= day && day <= b.periodEnd);
    if (covering.some((b) => b.planningId === planningId)) return 'mine';
    return covering.length ? 'taken' : 'free';
  });
}

/**
 * One system's days in a period as a strip of coloured days, summed up for screen readers: on a
 * planning's search (`planningId`: its own days apart) and on the system's detail (every booking).
 */
export function AvailabilityTimeline({
  systemId,
  days,
  bookings,
  planningId,
  width = 160,
}: {
  systemId: number;
  days: string[];
  bookings: PlanningItem[];
  planningId?: number;
  width?: number | string;
}) {
  const translate = useTranslate();
  const states = dayStates(days, bookings, planningId);
  const count = (s: DayState) => states.filter((x) => x === s).length;
  const summary = translate(
    planningId === undefined ? 'resources.plannings.timeline.summary_system' : 'resources.plannings.timeline.summary',
    { free: count('free'), taken: count('taken'), mine: count('mine') },
  );
  return (
    <Box
      role="img"
      aria-label={summary}
      data-testid={`timeline-${systemId}`}
      sx={{ display: 'flex', width, height: 14, border: 1, borderColor: 'divider' }}
    >
      {states.map((state, i) => (
        <Box
          key={days[i]}
          data-day={state}
          title={`${formatDate(days[i])}: ${translate(`resources.plannings.timeline.${state}`)}`}
          sx={{ flex: 1, bgcolor: COLOURS[state], opacity: state === 'free' ? 0.35 : 1 }}
        />
      ))}
    </Box>
  );
}

/** The key to the strip's colours, for the states a screen shows. */
export function TimelineLegend({ states }: { states: DayState[] }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0, typography: 'caption' }}>
      {states.map((state) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, bgcolor: COLOURS[state], opacity: state === 'free' ? 0.35 : 1, border: 1, borderColor: 'divider' }}
          />
          {translate(`resources.plannings.timeline.${state}`)}
        </Box>
      ))}
    </Box>
  );
}
