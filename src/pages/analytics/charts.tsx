import { createContext, useContext, useState, type ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChart';
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Typography,
  useTheme,
  type Theme,
} from '@mui/material';
import { BarChart as MuiBarChart } from '@mui/x-charts/BarChart';
import {
  ChartsTooltipCell,
  ChartsTooltipContainer,
  ChartsTooltipPaper,
  ChartsTooltipRow,
  ChartsTooltipTable,
  useItemTooltip,
  type ChartsTooltipProps,
} from '@mui/x-charts/ChartsTooltip';
import { useTranslate } from 'react-admin';
import { downloadCsv } from '@/ui/csv';
import { formatNumber as formatItalian } from '@/ui/format';
import { periodLabel, type Datum } from './series';
import { SimpleTable } from '@/ui/SimpleTable';

/*
 * The dashboards' charts: MUI X Charts, so that a person gets what the stack's users
 * expect (tooltips, axes, a legend, keyboard focus), and every chart also has its numbers as a table
 * and a CSV export (ChartCard).
 */

/** A chart's figure: whole numbers by default, thousands always grouped (src/ui/format.ts). */
export const formatNumber = (n: number, digits = 0) => formatItalian(n, digits);

/** One named row of values, one value per category. */
export interface ChartSeries {
  label: string;
  /** One value per category; null draws no bar (a category whose figure is not known). */
  data: Array<number | null>;
}

/** Series colours from the theme, so that the classic and the dark theme each keep their own. */
const seriesColors = (theme: Theme) => [
  theme.palette.primary.main,
  theme.palette.secondary.main,
  theme.palette.success.main,
  theme.palette.warning.main,
  theme.palette.info.main,
];

/**
 * The full name of the category at an index. The bar tooltip reads it from here because the item
 * tooltip MUI draws names the series, not the category, and the axis tooltip does not follow
 * keyboard focus.
 */
const CategoryName = createContext<(index: number) => string>(String);

/** The tooltip of one bar: its category, then its series and Italian-formatted value. */
function BarTooltip(props: ChartsTooltipProps) {
  const item = useItemTooltip<'bar'>();
  const categoryName = useContext(CategoryName);
  return (
    <ChartsTooltipContainer {...props} trigger="item">
      {item ? (
        <ChartsTooltipPaper>
          <ChartsTooltipTable>
            <Typography component="caption" sx={{ textAlign: 'start', px: 1.5, pt: 1, fontWeight: 500 }}>
              {categoryName(item.identifier.dataIndex)}
            </Typography>
            <tbody>
              <ChartsTooltipRow>
                <ChartsTooltipCell component="th">
                  <Box
                    component="span"
                    sx={{ display: 'inline-block', width: 10, height: 10, mr: 1, borderRadius: '2px', bgcolor: item.color }}
                  />
                  {item.label}
                </ChartsTooltipCell>
                <ChartsTooltipCell component="td">{item.formattedValue}</ChartsTooltipCell>
              </ChartsTooltipRow>
            </tbody>
          </ChartsTooltipTable>
        </ChartsTooltipPaper>
      ) : null}
    </ChartsTooltipContainer>
  );
}

interface CategoryChartProps {
  /** The chart's accessible name (its card's title). */
  title: string;
  categories: string[];
  series: ChartSeries[];
  /** The axis labels: what the categories are, what the values measure. */
  categoryAxis: string;
  valueAxis: string;
  format?: (n: number) => string;
}

/** The least height of a horizontal chart (a few bars), and of the placeholder of a chart on its way. */
const CHART_MIN_HEIGHT = 160;

/** Bars per category: horizontal (names beside the bars) or vertical (periods along the bottom). */
function CategoryChart({
  title,
  categories,
  series,
  categoryAxis,
  valueAxis,
  format = formatNumber,
  layout,
  categoryText,
}: CategoryChartProps & {
  layout: 'horizontal' | 'vertical';
  /** A category as a person reads it on the axis and in the tooltip (MUI cuts a tick that does not fit). */
  categoryText: (category: string, where: 'tick' | 'tooltip') => string;
}) {
  const theme = useTheme();
  const translate = useTranslate();
  const horizontal = layout === 'horizontal';
  const categoryConfig = {
    scaleType: 'band' as const,
    data: categories,
    label: categoryAxis,
    valueFormatter: (category: string, context: { location: string }) =>
      categoryText(category, context.location === 'tick' ? 'tick' : 'tooltip'),
  };
  const valueConfig = { label: valueAxis, valueFormatter: (n: number | null) => (n == null ? '' : format(n)) };
  // Horizontal: each category gets room for its bars (thinner when grouped) plus the axis and legend.
  const band = series.length > 1 ? series.length * 12 + 14 : 28;
  const height = horizontal ? Math.max(CHART_MIN_HEIGHT, categories.length * band + 70 + (series.length > 1 ? 30 : 0)) : 320;
  return (
    <CategoryName.Provider value={(i) => categoryText(categories[i] ?? '', 'tooltip')}>
      <MuiBarChart
        role="img"
        aria-label={title}
        title={title}
        layout={layout}
        height={height}
        colors={seriesColors(theme)}
        series={series.map((s) => ({
          label: s.label,
          data: s.data,
          valueFormatter: (n: number | null) => (n == null ? '' : format(n)),
        }))}
        xAxis={[horizontal ? { ...valueConfig, height: 50 } : { ...categoryConfig, height: 56 }]}
        yAxis={[horizontal ? { ...categoryConfig, width: 210 } : { ...valueConfig, width: 80 }]}
        grid={horizontal ? { vertical: true } : { horizontal: true }}
        hideLegend={series.length < 2}
        slots={{ tooltip: BarTooltip }}
        enableKeyboardNavigation
        localeText={{ noData: translate('resources.analytics.no_data'), loading: translate('ra.page.loading') }}
      />
    </CategoryName.Provider>
  );
}

type SingleSeriesProps = Omit<CategoryChartProps, 'categories' | 'series'> & { data: Datum[] };

/** A chart of one series named by `valueAxis`, one bar per datum in the order given. */
function singleSeriesChart(layout: 'horizontal' | 'vertical', categoryText: (category: string, where: 'tick' | 'tooltip') => string) {
  return function SingleSeriesChart({ data, ...props }: SingleSeriesProps) {
    return (
      <CategoryChart
        {...props}
        layout={layout}
        categories={data.map((d) => d.label)}
        series={[{ label: props.valueAxis, data: data.map((d) => d.value) }]}
        categoryText={categoryText}
      />
    );
  };
}

/** Horizontal bars, one per label (the longest first as given), one series named by `valueAxis`. */
export const BarChart = singleSeriesChart('horizontal', (c) => c);

/** Horizontal bars in groups: one bar per series for each category, with a legend. */
export function GroupedBarChart(props: CategoryChartProps) {
  return (
    <CategoryChart {...props} layout="horizontal" categoryText={(c) => c} />
  );
}

/** Vertical bars over time, one per bucket of `timeBuckets` (days or months), named in Italian. */
export const TimeChart = singleSeriesChart('vertical', (c, where) => periodLabel(c, where === 'tick' ? 'short' : 'long'));

/** A chart with its numbers: the table behind it (shown on demand) and a CSV export. */
export function ChartCard({
  title,
  chart,
  columns,
  rows,
  fileName,
  empty,
  pending = false,
}: {
  title: string;
  chart: ReactNode;
  columns: string[];
  rows: Array<Array<string | number>>;
  fileName: string;
  empty?: boolean;
  /** Its figures are on their way: a placeholder of a chart's least height, not "no data". */
  pending?: boolean;
}) {
  const translate = useTranslate();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            size="small"
            startIcon={<TableChartIcon />}
            onClick={() => setShowTable((s) => !s)}
            aria-expanded={showTable}
          >
            {translate(showTable ? 'resources.analytics.hide_table' : 'resources.analytics.show_table')}
          </Button>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => downloadCsv(fileName, columns, rows)}
            disabled={!rows.length}
          >
            {translate('resources.analytics.export_csv')}
          </Button>
        </Box>
        {pending && (empty || !rows.length) ? (
          <Skeleton variant="rounded" height={CHART_MIN_HEIGHT} />
        ) : empty || !rows.length ? (
          <Typography color="text.secondary">{translate('resources.analytics.no_data')}</Typography>
        ) : (
          chart
        )}
        {showTable && rows.length ? (
          <SimpleTable
            head={columns}
            rows={rows}
            numbers
            stickyHeader
            label={`${title} – ${translate('resources.analytics.table')}`}
            sx={{ maxHeight: 360, overflow: 'auto', mt: 1 }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
