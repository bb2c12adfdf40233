import { memo, useEffect, useId, useState } from 'react';
import {
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Popper,
  Typography,
  alpha,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AvailabilityCell, AvailabilityPage, AvailabilityRow, Blocker } from '@/dataProviders';
import { formatDate, formatNumber } from '@/ui/format';
import { LIGHT_BODY_STYLES, LightCheckbox } from '@/ui/lightTable';

type Translate = ReturnType<typeof useTranslate>;

/** Each state's colours: free green, partial amber, option orange, booked red. */
export const STATE_COLOURS: Record<AvailabilityCell['state'], { bg: string; fg: string; border: string }> = {
  free: { bg: '#e8f5e9', fg: '#1b5e20', border: '#a5d6a7' },
  partial: { bg: '#fff8e1', fg: '#6d4c00', border: '#ffd54f' },
  option: { bg: '#ffe0b2', fg: '#7a3300', border: '#fb8c00' },
  booked: { bg: '#ffcdd2', fg: '#8e0000', border: '#e53935' },
};

const shortDate = (day: string) => formatDate(day).slice(0, 5);

/** The face's name as the screen writes it: «MI-0001 · Faccia A». */
export const faceLabel = (row: Pick<AvailabilityRow, 'systemCode' | 'frameName'>) =>
  `${row.systemCode} · ${row.frameName}`;

/** One line per holder: the options and bookings first, then the queue in its order. */
export function holderLines(holders: Blocker[], translate: Translate): string[] {
  let place = 0;
  return holders.map((h) => {
    const names = {
      holder: h.holderName,
      advertiser: h.advertiserName || '—',
      start: formatDate(h.periodStart),
      end: formatDate(h.periodEnd),
    };
    if (h.status === 'waiting') {
      place += 1;
      return (
        translate('resources.availability.queue_line', { ...names, position: place }) +
        (h.expiresOn
          ? translate('resources.availability.holder_until', { date: formatDate(h.expiresOn) })
          : '')
      );
    }
    return (
      translate('resources.availability.holder_line', {
        ...names,
        status: translate(`resources.availability.statuses.${h.status}`),
      }) +
      (h.expiresOn
        ? translate('resources.availability.holder_until', { date: formatDate(h.expiresOn) })
        : '') +
      (h.planningName
        ? translate('resources.availability.holder_planning', { planning: h.planningName })
        : '')
    );
  });
}

/** A cell's short text: the state, then the slots left, or the first holder and until when. */
function cellLines(cell: AvailabilityCell, translate: Translate): string[] {
  const state = translate(`resources.availability.states.${cell.state}`);
  const live = cell.holders.filter((h) => h.status !== 'waiting');
  const queued = cell.holders.length - live.length;
  const queue = queued ? [translate('resources.availability.queue_count', { count: queued })] : [];
  if (cell.state === 'free') return [state];
  if (cell.state === 'partial')
    return [state, translate('resources.availability.slots_left', { slots: cell.slotsLeft }), ...queue];
  const first = live.find((h) => h.status === cell.state) ?? live[0];
  if (!first) return [state, ...queue];
  const more = live.length > 1 ? ` +${live.length - 1}` : '';
  return [
    state + more,
    first.advertiserName || first.holderName,
    cell.state === 'option' && first.expiresOn
      ? `${first.holderName} · ${translate('resources.availability.until', { date: shortDate(first.expiresOn) })}`
      : first.holderName,
    ...queue,
  ];
}

/** «dal 01/12/2026 al 07/12/2026»: a period as a cell's label and the tooltip say it. */
const periodTitle = (period: { start: string; end: string }, translate: Translate) =>
  translate('resources.availability.period', {
    start: formatDate(period.start),
    end: formatDate(period.end),
  });

/**
 * One period of one face: a plain cell, styled by the grid (GRID_STYLES) and told apart by its
 * `data-state`, so that a page of 25 faces × 8 periods renders no styled component and no tooltip
 * per cell; the grid's one tooltip (GridTooltip) shows the holders of the cell under the pointer or
 * the focus.
 */
const FaceCell = memo(function FaceCell({
  cell,
  period,
  face,
  row,
  column,
}: {
  cell: AvailabilityCell;
  period: { start: string; end: string };
  face: string;
  row: number;
  column: number;
}) {
  const translate = useTranslate();
  const lines = cellLines(cell, translate);
  const holders = holderLines(cell.holders, translate);
  const title = periodTitle(period, translate);
  return (
    <td
      className="face-cell"
      tabIndex={0}
      data-state={cell.state}
      data-row={row}
      data-column={column}
      aria-label={`${face}, ${title}: ${lines.join(', ')}. ${holders.join('. ')}`}
    >
      <div>
        {lines.map((line, i) => (
          <div key={i}>{line}</div>
        ))}
      </div>
    </td>
  );
});

const CHECK_WIDTH = 42;
const ELLIPSIS = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const STICKY_CELL = (theme: Theme) => ({
  position: 'sticky',
  zIndex: 2,
  backgroundColor: theme.palette.background.paper,
});

/**
 * The rows' styles, once for the grid (the rows are plain elements: LIGHT_BODY_STYLES gives them
 * MUI's small table cells and row states): the face's sticky cells, its texts, then each period
 * cell's state colours.
 */
const GRID_STYLES = {
  '& td.face-check': (theme: Theme) => ({ ...STICKY_CELL(theme), left: 0 }),
  '& th.face-name': (theme: Theme) => ({
    ...STICKY_CELL(theme),
    left: 0,
    paddingTop: '4px',
    paddingBottom: '4px',
  }),
  '& th.face-name-after-check': { left: CHECK_WIDTH },
  '& th.face-name > div': { ...ELLIPSIS, fontSize: '0.75rem' },
  '& th.face-name > div.face-code': { fontWeight: 700, fontSize: '0.8rem' },
  '& th.face-name > div.face-risk': { fontSize: '0.7rem', color: 'error.main', fontWeight: 700 },
  '& td.face-text': { paddingTop: '4px', paddingBottom: '4px', fontSize: '0.75rem' },
  '& td.face-text > div:first-of-type': ELLIPSIS,
  '& .face-muted': { color: 'text.secondary' },
  '& td.face-occupancy': { textAlign: 'right', fontSize: '0.75rem', fontWeight: 700 },
  // MUI's cell border comes with the body's styles (LIGHT_BODY_STYLES).
  '& td.face-cell': (theme: Theme) => ({
    padding: theme.spacing(0.25),
    verticalAlign: 'top',
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  }),
  '& td.face-cell > div': {
    border: '1px solid',
    borderRadius: 0.5,
    px: 0.5,
    py: 0.25,
    minHeight: 40,
    fontSize: '0.7rem',
    lineHeight: 1.25,
    overflow: 'hidden',
  },
  '& td.face-cell > div > div': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& td.face-cell > div > div:first-of-type': { fontWeight: 700 },
  ...Object.fromEntries(
    Object.entries(STATE_COLOURS).map(([state, c]) => [
      `& td.face-cell[data-state="${state}"] > div`,
      { bgcolor: c.bg, color: c.fg, borderColor: c.border },
    ]),
  ),
} as const;

/** The grid's one tooltip: the face, the period and the holders of the cell at `anchor`. */
function GridTooltip({
  id,
  anchor,
  face,
  period,
  cell,
}: {
  id: string;
  anchor: HTMLElement | null;
  face: string;
  period?: { start: string; end: string };
  cell?: AvailabilityCell;
}) {
  const translate = useTranslate();
  if (!anchor || !cell || !period) return null;
  const holders = holderLines(cell.holders, translate);
  const title = periodTitle(period, translate);
  return (
    // MUI's Popper is the element with role="tooltip".
    <Popper
      id={id}
      open
      anchorEl={anchor}
      placement="bottom"
      sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
    >
      <Box
        sx={(theme) => ({
          ...theme.typography.caption,
          bgcolor: alpha(theme.palette.grey[700], 0.92),
          color: 'common.white',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          mt: 1.5,
          maxWidth: 300,
        })}
      >
        <Typography variant="caption" component="div" sx={{ fontWeight: 700 }}>
          {face} — {title}
        </Typography>
        {(holders.length ? holders : [translate('resources.availability.nobody')]).map((line, i) => (
          <Typography key={i} variant="caption" component="div">
            {line}
          </Typography>
        ))}
      </Box>
    </Popper>
  );
}

const STICKY = { position: 'sticky', zIndex: 2, bgcolor: 'background.paper' } as const;
const FACE_WIDTH = 170;
const PERIOD_WIDTH = 104;

export interface AvailabilityGridProps {
  page: AvailabilityPage;
  selected: ReadonlySet<number>;
  onToggle: (row: AvailabilityRow) => void;
  onTogglePage: (rows: AvailabilityRow[], select: boolean) => void;
  /** Whether faces may be picked (the roles that put them under option). */
  selectable: boolean;
}

/** Faces × periods: one row per face, one coloured cell per period, the face's occupancy at the end. */
export function AvailabilityGrid({
  page,
  selected,
  onToggle,
  onTogglePage,
  selectable,
}: AvailabilityGridProps) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.availability.fields.${field}`);
  const chosen = page.rows.filter((r) => selected.has(r.frameId)).length;
  const tipId = useId();
  const [tip, setTip] = useState<HTMLElement | null>(null);
  const show = (target: EventTarget) => {
    const found = target instanceof Element ? target.closest('td.face-cell') : null;
    setTip(found instanceof HTMLElement ? found : null);
  };
  // The cell the tooltip describes says so (as MUI's Tooltip does with describeChild).
  useEffect(() => {
    if (!tip) return undefined;
    tip.setAttribute('aria-describedby', tipId);
    return () => tip.removeAttribute('aria-describedby');
  }, [tip, tipId]);
  const tipRow = tip ? page.rows[Number(tip.dataset.row)] : undefined;
  const tipColumn = tip ? Number(tip.dataset.column) : -1;
  return (
    <TableContainer
      sx={{
        flex: 1,
        minHeight: 200,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...GRID_STYLES,
      }}
      tabIndex={-1}
      onMouseOver={(e) => show(e.target)}
      onMouseLeave={() => setTip(null)}
      onFocus={(e) => show(e.target)}
      onBlur={() => setTip(null)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setTip(null);
      }}
    >
      <GridTooltip
        id={tipId}
        anchor={tip}
        face={tipRow ? faceLabel(tipRow) : ''}
        period={page.periods[tipColumn]}
        cell={tipRow?.cells[tipColumn]}
      />
      <Table
        size="small"
        stickyHeader
        aria-label={translate('resources.availability.grid')}
        sx={{ tableLayout: 'fixed', minWidth: '100%' }}
      >
        <colgroup>
          {selectable && <col style={{ width: CHECK_WIDTH }} />}
          <col style={{ width: FACE_WIDTH }} />
          <col style={{ width: 170 }} />
          <col style={{ width: 90 }} />
          {page.periods.map((p) => (
            <col key={p.start} style={{ width: PERIOD_WIDTH }} />
          ))}
          <col style={{ width: 56 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox" sx={{ ...STICKY, left: 0, zIndex: 3 }}>
                <Checkbox
                  size="small"
                  checked={page.rows.length > 0 && chosen === page.rows.length}
                  indeterminate={chosen > 0 && chosen < page.rows.length}
                  onChange={(e) => onTogglePage(page.rows, e.target.checked)}
                  slotProps={{ input: { 'aria-label': translate('resources.availability.select_page') } }}
                />
              </TableCell>
            )}
            <TableCell sx={{ ...STICKY, left: selectable ? CHECK_WIDTH : 0, zIndex: 3 }}>
              {label('face')}
            </TableCell>
            <TableCell>{label('address')}</TableCell>
            <TableCell>{label('formatSlots')}</TableCell>
            {page.periods.map((p) => (
              <TableCell key={p.start} sx={{ px: 0.5, lineHeight: 1.2, fontSize: '0.75rem' }}>
                {shortDate(p.start)}
                <br />
                {shortDate(p.end)}
              </TableCell>
            ))}
            <TableCell align="right" title={translate('resources.availability.fields.occupancy')}>
              %
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={LIGHT_BODY_STYLES}>
          {page.rows.map((row, rowIndex) => {
            const face = faceLabel(row);
            const isSelected = selected.has(row.frameId);
            return (
              <tr
                key={row.frameId}
                className={`MuiTableRow-root MuiTableRow-hover${isSelected ? ' Mui-selected' : ''}`}
                data-frame-id={row.frameId}
              >
                {selectable && (
                  <td className="lt-checkbox face-check">
                    <LightCheckbox
                      size="small"
                      checked={isSelected}
                      onClick={() => onToggle(row)}
                      label={translate('resources.availability.select_face', { face })}
                    />
                  </td>
                )}
                <th scope="row" className={`face-name${selectable ? ' face-name-after-check' : ''}`}>
                  <div className="face-code">{row.systemCode}</div>
                  <div>{row.frameName}</div>
                  {row.atRisk && (
                    <div
                      className="face-risk"
                      data-at-risk
                      title={translate('resources.permits.at_risk_title', {
                        reasons: (row.risks ?? []).join('; '),
                      })}
                    >
                      {translate('resources.permits.at_risk')}: {(row.risks ?? []).join('; ')}
                    </div>
                  )}
                </th>
                <td className="face-text">
                  <div title={row.address}>{row.address}</div>
                  <div className="face-muted">{row.municipality}</div>
                </td>
                <td className="face-text">
                  <div>{row.format}</div>
                  <div className="face-muted">
                    {translate('resources.availability.slots', { slots: row.slots })}
                  </div>
                </td>
                {row.cells.map((cell, i) => (
                  <FaceCell
                    key={page.periods[i]?.start ?? i}
                    cell={cell}
                    period={page.periods[i] ?? { start: '', end: '' }}
                    face={face}
                    row={rowIndex}
                    column={i}
                  />
                ))}
                <td className="face-occupancy" data-occupancy>
                  {formatNumber(row.occupancy, 0)} %
                </td>
              </tr>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
