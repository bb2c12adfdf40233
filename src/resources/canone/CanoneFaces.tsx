import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SchemaCanoneUnicoFace as CanoneFace, SchemaCanoneUnicoSummary } from '@/api/generated/frame';
import type { AppDataProvider } from '@/dataProviders';
import { formatMoney, formatNumber } from '@/ui/format';
import { StateMessage } from '@/ui/StateMessage';

/* The canone unico's drill-down: a municipality's faces in a year (read only). */

const T = 'resources.canone';
export type CanoneSummaryRow = SchemaCanoneUnicoSummary['rows'][number];

/** The faces of one municipality in the year, each with how it is charged. */
export function Faces({
  year,
  municipality,
  onClose,
}: {
  year: number;
  municipality: CanoneSummaryRow;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const faces = useQuery({
    queryKey: ['canone', 'faces', year, municipality.municipalityIstat],
    queryFn: () =>
      dataProvider.getCanoneFaces('frames', { year, municipalityIstat: municipality.municipalityIstat }),
  });
  const title = translate(`${T}.faces_of`, { name: municipality.municipality, year });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {faces.isPending ? (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        ) : faces.error || !faces.data.length ? (
          <StateMessage error={faces.error} empty={translate(`${T}.messages.no_faces`)} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {FACE_COLUMNS.map((k) => (
                    <TableCell key={k} align={NUMERIC_FACE_COLUMNS.has(k) ? 'right' : 'left'}>
                      {translate(`${T}.face_fields.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {faces.data.map((f: CanoneFace) => (
                  <TableRow key={f.frameId}>
                    <TableCell>{`${f.systemCode} ${f.systemName}`}</TableCell>
                    <TableCell>{f.frameName}</TableCell>
                    <TableCell>{f.address}</TableCell>
                    <TableCell align="right">{formatNumber(f.netSurface)}</TableCell>
                    <TableCell align="right">{f.taxableSurface}</TableCell>
                    <TableCell>{translate(f.lit ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                    <TableCell>{translate(`${T}.exposure.${f.exposure}`)}</TableCell>
                    <TableCell align="right">{f.exposureDays}</TableCell>
                    <TableCell align="right">{formatMoney(f.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

const FACE_COLUMNS = [
  'system',
  'frame',
  'address',
  'netSurface',
  'taxableSurface',
  'lit',
  'exposure',
  'exposureDays',
  'amount',
] as const;
const NUMERIC_FACE_COLUMNS = new Set<string>(['netSurface', 'taxableSurface', 'exposureDays', 'amount']);
