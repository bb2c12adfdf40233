import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '@/ui/format';
import type { PlanningItem } from './shared';

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

/**
 * Each day of the period for one system: `mine` when this planning books it, `taken` when another
 * planning does, otherwise `free` (ISO dates compare as text).
 */
export function dayStates(
  days: string[],
  bookings: Pick<PlanningItem, 'planningId' | 'periodStart' | 'periodEnd'>[],
  planningId: number,
): DayState[] {
  return days.map((day) => {
    const covering = bookings.filter((b) => b.periodStart <= day && day <= b.periodEnd);
    if (covering.some((b) => b.planningId === planningId)) return 'mine';
    return covering.length ? 'taken' : 'free';
  });
}

/** One system's days in the planning's period as a strip of coloured days, summed up for screen readers. */
export function AvailabilityTimeline({
  systemId,
  days,
  bookings,
  planningId,
}: {
  systemId: number;
  days: string[];
  bookings: PlanningItem[];
  planningId: number;
}) {
  const translate = useTranslate();
  const states = dayStates(days, bookings, planningId);
  const count = (s: DayState) => states.filter((x) => x === s).length;
  const summary = translate('resources.plannings.timeline.summary', {
    free: count('free'),
    taken: count('taken'),
    mine: count('mine'),
  });
  return (
    <Box
      role="img"
      aria-label={summary}
      data-testid={`timeline-${systemId}`}
      sx={{ display: 'flex', width: 160, height: 14, border: 1, borderColor: 'divider' }}
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
