import { Alert, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isPeriod } from '@/ui/period';

export interface Period {
  dateStart: string;
  dateEnd: string;
}

/** The period of an analytics page: two dates, with a warning when the end precedes the start. */
export function PeriodFilter({
  value,
  onChange,
  children,
}: {
  value: Period;
  onChange: (p: Period) => void;
  children?: React.ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      {/* The filters side by side (react-admin's theme makes a text field full width by default). */}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          size="small"
          fullWidth={false}
          label={translate('resources.analytics.date_start')}
          value={value.dateStart}
          onChange={(e) => onChange({ ...value, dateStart: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          fullWidth={false}
          label={translate('resources.analytics.date_end')}
          value={value.dateEnd}
          onChange={(e) => onChange({ ...value, dateEnd: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {children}
      </Box>
      {!isPeriod(value) ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('resources.analytics.bad_period')}
        </Alert>
      ) : null}
    </Box>
  );
}
