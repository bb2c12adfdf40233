import { Alert, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { Frame } from '@/api/frame';
import { errorMessage } from '../circuits/errors';

/** The frames (faces, screens) of one system, by position — for the system detail page. */
export function SystemFrames({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const { data, isPending, isFetching, error, refetch } = useGetList<Frame>('frames', {
    filter: { systemId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'position', order: 'ASC' },
  });
  if (error) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>{translate('ra.action.refresh')}</Button>}>
        {errorMessage(error, translate('resources.frames.messages.load_failed'))}
      </Alert>
    );
  }
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (!data.length) return <Alert severity="info">{translate('resources.frames.messages.empty')}</Alert>;
  return (
    <>
      {isFetching ? <LinearProgress /> : null}
      <Table size="small" aria-label={translate('resources.frames.name', { smart_count: 2 })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.frames.fields.position')}</TableCell>
            <TableCell>{translate('resources.frames.fields.name')}</TableCell>
            <TableCell>{translate('resources.frames.fields.size')}</TableCell>
            <TableCell>{translate('resources.frames.fields.digital')}</TableCell>
            <TableCell>{translate('resources.frames.fields.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((f) => (
            <TableRow key={f.id}>
              <TableCell>{f.position}</TableCell>
              <TableCell>{f.name}</TableCell>
              <TableCell>
                {f.width} × {f.height} cm
              </TableCell>
              <TableCell>{translate(f.digital ? 'resources.frames.values.digital' : 'resources.frames.values.static')}</TableCell>
              <TableCell>{translate(`resources.circuits.status.${f.status}`, { _: f.status })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
