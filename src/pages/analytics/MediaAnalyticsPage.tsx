import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import type { SchemaDetection } from '@/api/generated/audit';
import { PageHeading } from '@/ui/FormPage';
import { isPeriod, lastDays } from '@/ui/period';
import { BarChart, ChartCard, TimeChart } from './charts';
import { countBy, overTime, periodLabel } from './series';
import { PeriodFilter, type Period } from './PeriodFilter';

const TOP = 15;

function Breakdown({
  title,
  items,
  pick,
  column,
  fileName,
}: {
  title: string;
  items: SchemaDetection[];
  pick: (d: SchemaDetection) => string;
  column: string;
  fileName: string;
}) {
  const translate = useTranslate();
  const data = countBy(items, pick);
  return (
    <ChartCard
      title={title}
      chart={
        <BarChart
          data={data.slice(0, TOP)}
          title={title}
          categoryAxis={column}
          valueAxis={translate('resources.analytics.detections')}
        />
      }
      columns={[column, translate('resources.analytics.detections')]}
      rows={data.map((d) => [d.label, d.value])}
      fileName={fileName}
    />
  );
}

/** /media/analytics: detections over time and by media owner, brand and subject, for a period. */
export default function MediaAnalyticsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [period, setPeriod] = useState<Period>(lastDays(365));
  const query = useQuery({
    queryKey: ['detections', 'analytics', period],
    queryFn: () => dataProvider.detectionsOf('detections', { filter: period }),
    enabled: isPeriod(period),
  });
  const items = query.data ?? [];
  const suffix = `${period.dateStart}_${period.dateEnd}`;
  const timeline = isPeriod(period)
    ? overTime(items, (d) => d.detectionDate, period.dateStart, period.dateEnd)
    : [];
  const title = translate('resources.analytics.media.title');
  return (
    <Box>
      <PageHeading title={title} />
      <PeriodFilter value={period} onChange={setPeriod}>
        {query.data ? (
          <Typography data-testid="detections-total">
            {translate('resources.analytics.media.total', { smart_count: items.length })}
          </Typography>
        ) : null}
      </PeriodFilter>
      {query.isPending && isPeriod(period) ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : null}
      {query.isError ? (
        <Alert severity="error">
          {translate('resources.analytics.unavailable', { message: (query.error as Error).message })}
        </Alert>
      ) : null}
      {query.data ? (
        <>
          <ChartCard
            title={translate('resources.analytics.media.over_time')}
            chart={
              <TimeChart
                data={timeline}
                title={translate('resources.analytics.media.over_time')}
                categoryAxis={translate('resources.analytics.period')}
                valueAxis={translate('resources.analytics.detections')}
              />
            }
            columns={[translate('resources.analytics.period'), translate('resources.analytics.detections')]}
            rows={timeline.map((d) => [periodLabel(d.label), d.value])}
            fileName={`rilevazioni_nel_tempo_${suffix}.csv`}
            empty={!items.length}
          />
          <Breakdown
            title={translate('resources.analytics.media.by_media_owner')}
            items={items}
            pick={(d) => d.mediaOwner}
            column={translate('resources.detections.fields.mediaOwner')}
            fileName={`rilevazioni_per_media_owner_${suffix}.csv`}
          />
          <Breakdown
            title={translate('resources.analytics.media.by_brand')}
            items={items}
            pick={(d) => d.brandName}
            column={translate('resources.detections.fields.brandName')}
            fileName={`rilevazioni_per_brand_${suffix}.csv`}
          />
          <Breakdown
            title={translate('resources.analytics.media.by_subject')}
            items={items}
            pick={(d) => d.subject}
            column={translate('resources.detections.fields.subject')}
            fileName={`rilevazioni_per_soggetto_${suffix}.csv`}
          />
        </>
      ) : null}
    </Box>
  );
}
