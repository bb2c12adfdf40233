import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { PageHeading } from '@/ui/FormPage';
import type { AppDataProvider } from '@/dataProviders';
import { isPeriod, lastDays } from '@/ui/period';
import { BarChart, ChartCard, formatNumber, TimeChart } from './charts';
import { countBy, overTime, periodLabel } from './series';
import { PeriodFilter, type Period } from './PeriodFilter';

const TOP = 15;

/** /DOOH/analytics (Programmatic DOOH): plays and audience per device, campaign and period. */
export default function DoohAnalyticsPage() {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>(lastDays(30));
  const [measure, setMeasure] = useState<'plays' | 'audience'>('plays');
  const dataProvider = useDataProvider<AppDataProvider>();
  const plays = useQuery({
    queryKey: ['dooh', 'playLogs', period],
    queryFn: () => dataProvider.doohPlayLogs('analytics', period),
    enabled: isPeriod(period),
    retry: false,
  });
  const devices = useQuery({
    queryKey: ['dooh', 'devices'],
    queryFn: () => dataProvider.doohDevices('analytics'),
    retry: false,
    staleTime: 60_000,
  });
  const campaigns = useQuery({
    queryKey: ['dooh', 'campaigns'],
    queryFn: () => dataProvider.campaignNames('analytics'),
    retry: false,
    staleTime: 60_000,
  });
  const logs = plays.data ?? [];
  const value = (l: { audience: number }) => (measure === 'plays' ? 1 : l.audience);
  const deviceName = (id: number) => {
    const d = (devices.data ?? []).find((x) => x.id === id);
    return d ? `${d.serial} (${d.model})` : `${translate('resources.analytics.dooh.device')} ${id}`;
  };
  const campaignName = (id: number) =>
    campaigns.data?.get(id) ?? `${translate('resources.analytics.dooh.campaign')} ${id}`;
  const byDevice = countBy(logs, (l) => deviceName(l.deviceId), value);
  const byCampaign = countBy(logs, (l) => campaignName(l.campaignId), value);
  const timeline = isPeriod(period)
    ? overTime(logs, (l) => l.playedAt, period.dateStart, period.dateEnd, value)
    : [];
  const totals = { plays: logs.length, audience: logs.reduce((s, l) => s + l.audience, 0) };
  const suffix = `${measure}_${period.dateStart}_${period.dateEnd}`;
  const measureLabel = translate(`resources.analytics.dooh.${measure}`);
  const title = translate('resources.analytics.dooh.title');
  // Both measures per device / campaign for the tables.
  const table = (key: (l: (typeof logs)[number]) => string) =>
    countBy(logs, key).map(
      (d) =>
        [
          d.label,
          d.value,
          logs.filter((l) => key(l) === d.label).reduce((s, l) => s + l.audience, 0),
        ] as Array<string | number>,
    );
  const cols = (first: string) => [
    first,
    translate('resources.analytics.dooh.plays'),
    translate('resources.analytics.dooh.audience'),
  ];

  return (
    <Box>
      <PageHeading title={title} />
      <PeriodFilter value={period} onChange={setPeriod}>
        <TextField
          select
          size="small"
          label={translate('resources.analytics.dooh.measure')}
          fullWidth={false}
          value={measure}
          onChange={(e) => setMeasure(e.target.value as 'plays' | 'audience')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="plays">{translate('resources.analytics.dooh.plays')}</MenuItem>
          <MenuItem value="audience">{translate('resources.analytics.dooh.audience')}</MenuItem>
        </TextField>
        {plays.data ? (
          <Typography data-testid="dooh-totals">
            {translate('resources.analytics.dooh.totals', {
              plays: formatNumber(totals.plays),
              audience: formatNumber(totals.audience),
            })}
          </Typography>
        ) : null}
      </PeriodFilter>
      {plays.isPending && isPeriod(period) ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : null}
      {plays.isError ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('resources.analytics.source_unavailable', {
            source: translate('resources.analytics.dooh.play_logs'),
            message: (plays.error as Error).message,
          })}
        </Alert>
      ) : null}
      {devices.isError ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('resources.analytics.source_unavailable', {
            source: translate('resources.analytics.dooh.devices'),
            message: (devices.error as Error).message,
          })}
        </Alert>
      ) : null}
      {campaigns.isError ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('resources.analytics.source_unavailable', {
            source: translate('resources.analytics.funnel.stages.campaigns'),
            message: (campaigns.error as Error).message,
          })}
        </Alert>
      ) : null}
      {plays.data ? (
        <>
          <ChartCard
            title={translate('resources.analytics.dooh.over_time', { measure: measureLabel })}
            chart={
              <TimeChart
                data={timeline}
                title={translate('resources.analytics.dooh.over_time', { measure: measureLabel })}
                categoryAxis={translate('resources.analytics.period')}
                valueAxis={measureLabel}
              />
            }
            columns={[translate('resources.analytics.period'), measureLabel]}
            rows={timeline.map((d) => [periodLabel(d.label), d.value])}
            fileName={`dooh_nel_tempo_${suffix}.csv`}
            empty={!logs.length}
          />
          <ChartCard
            title={translate('resources.analytics.dooh.by_device', { measure: measureLabel })}
            chart={
              <BarChart
                data={byDevice.slice(0, TOP)}
                title={translate('resources.analytics.dooh.by_device', { measure: measureLabel })}
                categoryAxis={translate('resources.analytics.dooh.device')}
                valueAxis={measureLabel}
              />
            }
            columns={cols(translate('resources.analytics.dooh.device'))}
            rows={table((l) => deviceName(l.deviceId))}
            fileName={`dooh_per_dispositivo_${period.dateStart}_${period.dateEnd}.csv`}
          />
          <ChartCard
            title={translate('resources.analytics.dooh.by_campaign', { measure: measureLabel })}
            chart={
              <BarChart
                data={byCampaign.slice(0, TOP)}
                title={translate('resources.analytics.dooh.by_campaign', { measure: measureLabel })}
                categoryAxis={translate('resources.analytics.dooh.campaign')}
                valueAxis={measureLabel}
              />
            }
            columns={cols(translate('resources.analytics.dooh.campaign'))}
            rows={table((l) => campaignName(l.campaignId))}
            fileName={`dooh_per_campagna_${period.dateStart}_${period.dateEnd}.csv`}
          />
        </>
      ) : null}
    </Box>
  );
}
