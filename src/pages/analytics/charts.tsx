import { formatNumber as formatItalian } from '@/ui/format';
import { useState, type ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChart';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { downloadCsv, toCsv } from '@/ui/csv';

/* Plain SVG charts (no chart package): every chart comes with its numbers as a table and a CSV export. */

export interface Datum {
  label: string;
  value: number;
}

/** A chart's figure: whole numbers by default, thousands always grouped (src/ui/format.ts). */
export const formatNumber = (n: number, digits = 0) => formatItalian(n, digits);

/** Horizontal bars, one per label (the longest first as given). */
export function BarChart({
  data,
  title,
  format = formatNumber,
}: {
  data: Datum[];
  title: string;
  format?: (n: number) => string;
}) {
  const theme = useTheme();
  const max = Math.max(1, ...data.map((d) => d.value));
  const row = 24;
  const labelWidth = 180;
  const width = 640;
  const height = Math.max(row, data.length * row) + 4;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxHeight: 420 }}
    >
      <title>{title}</title>
      {data.map((d, i) => {
        const w = ((width - labelWidth - 90) * d.value) / max;
        return (
          <g key={d.label} transform={`translate(0, ${i * row + 2})`}>
            <text
              x={labelWidth - 6}
              y={row / 2 + 4}
              textAnchor="end"
              fontSize={12}
              fill={theme.palette.text.primary}
            >
              {d.label.length > 28 ? `${d.label.slice(0, 27)}…` : d.label}
            </text>
            <rect
              x={labelWidth}
              y={3}
              width={Math.max(1, w)}
              height={row - 6}
              fill={theme.palette.primary.main}
              rx={2}
            />
            <text x={labelWidth + w + 6} y={row / 2 + 4} fontSize={12} fill={theme.palette.text.secondary}>
              {format(d.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Vertical bars over time (one per period label), with the axis labels thinned out. */
export function TimeChart({
  data,
  title,
  format = formatNumber,
}: {
  data: Datum[];
  title: string;
  format?: (n: number) => string;
}) {
  const theme = useTheme();
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = 720;
  const height = 260;
  const left = 44;
  const bottom = 40;
  const plotW = width - left - 8;
  const plotH = height - bottom - 10;
  const step = data.length ? plotW / data.length : plotW;
  const every = Math.max(1, Math.ceil(data.length / 12));
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxHeight: 320 }}
    >
      <title>{title}</title>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line
            x1={left}
            x2={width - 8}
            y1={10 + plotH * (1 - f)}
            y2={10 + plotH * (1 - f)}
            stroke={theme.palette.divider}
          />
          <text
            x={left - 4}
            y={14 + plotH * (1 - f)}
            fontSize={11}
            textAnchor="end"
            fill={theme.palette.text.secondary}
          >
            {format(max * f)}
          </text>
        </g>
      ))}
      {data.map((d, i) => {
        const h = (plotH * d.value) / max;
        return (
          <g key={d.label}>
            <rect
              x={left + i * step + step * 0.1}
              y={10 + plotH - h}
              width={Math.max(1, step * 0.8)}
              height={h}
              fill={theme.palette.primary.main}
            >
              <title>{`${d.label}: ${format(d.value)}`}</title>
            </rect>
            {i % every === 0 ? (
              <text
                x={left + i * step + step / 2}
                y={height - bottom + 16}
                fontSize={11}
                textAnchor="middle"
                fill={theme.palette.text.secondary}
              >
                {d.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The one CSV writer (src/ui/csv.ts): neutralised formulas, `;`, decimal comma, BOM. */
export { toCsv };

export function exportCsv(fileName: string, columns: string[], rows: Array<Array<string | number>>) {
  downloadCsv(fileName, columns, rows);
}

/** A chart with its numbers: the table behind it (shown on demand) and a CSV export. */
export function ChartCard({
  title,
  chart,
  columns,
  rows,
  fileName,
  empty,
}: {
  title: string;
  chart: ReactNode;
  columns: string[];
  rows: Array<Array<string | number>>;
  fileName: string;
  empty?: boolean;
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
            onClick={() => exportCsv(fileName, columns, rows)}
            disabled={!rows.length}
          >
            {translate('resources.analytics.export_csv')}
          </Button>
        </Box>
        {empty || !rows.length ? (
          <Typography color="text.secondary">{translate('resources.analytics.no_data')}</Typography>
        ) : (
          chart
        )}
        {showTable && rows.length ? (
          <Box sx={{ maxHeight: 360, overflow: 'auto', mt: 1 }}>
            <Table
              size="small"
              stickyHeader
              aria-label={`${title} – ${translate('resources.analytics.table')}`}
            >
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => (
                  <TableRow key={i}>
                    {r.map((v, j) => (
                      <TableCell key={j} align={typeof v === 'number' ? 'right' : 'left'}>
                        {typeof v === 'number' ? formatNumber(v, 2) : v}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A count per key, largest first. */
export function countBy<T>(
  items: T[],
  key: (item: T) => string,
  value: (item: T) => number = () => 1,
): Datum[] {
  const map = new Map<string, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + value(item));
  return [...map]
    .map(([label, v]) => ({ label, value: v }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'it'));
}

/** Month (`2026-03`) or day buckets of a period, every bucket present (zero where nothing happened). */
export function timeBuckets(dateStart: string, dateEnd: string): { unit: 'day' | 'month'; labels: string[] } {
  const start = new Date(`${dateStart}T00:00:00Z`);
  const end = new Date(`${dateEnd}T00:00:00Z`);
  const days = Math.round((end.getTime() - start.getTime()) / 86400000) + 1;
  const labels: string[] = [];
  if (days <= 62) {
    for (let d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1))
      labels.push(d.toISOString().slice(0, 10));
    return { unit: 'day', labels };
  }
  for (
    let d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    d <= end;
    d.setUTCMonth(d.getUTCMonth() + 1)
  )
    labels.push(d.toISOString().slice(0, 7));
  return { unit: 'month', labels };
}

export function overTime<T>(
  items: T[],
  day: (item: T) => string,
  dateStart: string,
  dateEnd: string,
  value: (item: T) => number = () => 1,
): Datum[] {
  const { unit, labels } = timeBuckets(dateStart, dateEnd);
  const map = new Map(labels.map((l) => [l, 0]));
  for (const item of items) {
    const key = unit === 'day' ? day(item).slice(0, 10) : day(item).slice(0, 7);
    if (map.has(key)) map.set(key, map.get(key)! + value(item));
  }
  return [...map].map(([label, v]) => ({ label, value: v }));
}
