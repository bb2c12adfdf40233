import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateInput, DateTimeInput, type DateInputProps } from 'react-admin';

/** The message key of a period whose end precedes its start. */
export const PERIOD_INVERTED = 'app.period.inverted';

/** A moment or day as a number to compare (days `2026-03-01`, moments `2026-03-01T10:00`, Dates); undefined when empty or unreadable. */
function timeOf(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string' || !value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** A validator for a period's end: refused when it precedes the start (`startSource` in the same form). */
export function periodEndValidator(startSource: string) {
  return (end: unknown, values: Record<string, unknown>) => {
    const from = timeOf(values?.[startSource]);
    const to = timeOf(end);
    if (from === undefined || to === undefined) return undefined;
    return to < from ? PERIOD_INVERTED : undefined;
  };
}

/**
 * A period's end date, checked against its start on the field itself: when it precedes the start
 * the message shows under it and the form is invalid, so a list's filter form sends nothing (a
 * react-admin filter form applies only valid values). It is checked again whenever the start moves.
 */
export function PeriodEndInput({
  startSource,
  as: Input = DateInput,
  validate,
  sx,
  ...props
}: DateInputProps & { startSource: string; /** The input: a day (DateInput, the default) or a moment (DateTimeInput). */ as?: typeof DateInput | typeof DateTimeInput }) {
  const { trigger } = useFormContext();
  const start = useWatch({ name: startSource });
  useEffect(() => {
    void trigger(props.source);
  }, [start, trigger, props.source]);
  const own = periodEndValidator(startSource);
  return (
    <Input
      {...props}
      validate={validate ? [own, ...(Array.isArray(validate) ? validate : [validate])] : own}
      sx={[
        // A list's filter form hides helper texts; this one's error shows, under the field and
        // out of the row's flow, so the filters stay aligned.
        {
          position: 'relative',
          '& .MuiFormHelperText-root.Mui-error': { display: 'block', position: 'absolute', top: '100%', left: 0, mt: 0.25, mx: 0, whiteSpace: 'nowrap' },
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    />
  );
}
