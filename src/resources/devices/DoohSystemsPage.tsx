import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Collapse, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { listSystemsPage } from '@/api/systems';
import { SYSTEM_PAGE_SIZE } from '@/config/constants';
import { codeLabel } from '@/ui/format';
import { errorMessage } from '../circuits/errors';
import { SystemDevices } from './SystemDevices';

/** /dooh-manage/manage: the DOOH systems (GET /system/all/page/{p}/perPage/{n}?type=DOOH), each with its players. */
export default function DoohSystemsPage() {
  const translate = useTranslate();
  const [searchTerm, setSearchTerm] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number>();
  const query = useQuery({
    queryKey: ['systems', 'dooh', page, searchTerm],
    queryFn: () => listSystemsPage({ page, perPage: SYSTEM_PAGE_SIZE, type: 'DOOH', searchTerm: searchTerm.trim() || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.content ?? [];
  return (
    <Box sx={{ p: 1 }}>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {translate('resources.devices.dooh_systems')}
      </Typography>
      <TextField
        size="small"
        type="search"
        sx={{ mb: 2, minWidth: 320 }}
        label={translate('ra.action.search')}
        value={searchTerm}
        onChange={(e) => {
          setSearchTerm(e.target.value);
          setPage(0);
        }}
      />
      <Paper variant="outlined">
        {query.isFetching ? <LinearProgress /> : null}
        {query.isError ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{translate('ra.action.refresh')}</Button>}>
            {errorMessage(query.error, translate('resources.devices.messages.systems_failed'))}
          </Alert>
        ) : query.data && !rows.length ? (
          <Alert severity="info">{translate('resources.devices.messages.no_dooh_systems')}</Alert>
        ) : (
          <Table size="small" aria-label={translate('resources.devices.dooh_systems')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.circuits.asset.code')}</TableCell>
                <TableCell>{translate('resources.circuits.asset.name')}</TableCell>
                <TableCell>{translate('resources.circuits.asset.systemType')}</TableCell>
                <TableCell>{translate('resources.circuits.asset.municipality')}</TableCell>
                <TableCell>{translate('resources.circuits.asset.status')}</TableCell>
                <TableCell align="right">{translate('resources.devices.name', { smart_count: 2 })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <Fragment key={s.id}>
                  <TableRow hover>
                    <TableCell>{s.code}</TableCell>
                    <TableCell>{s.name}</TableCell>
                    <TableCell>{codeLabel('resources.systems.systemTypes', s.systemType)}</TableCell>
                    <TableCell>{s.municipality?.name}</TableCell>
                    <TableCell>{translate(`resources.circuits.status.${s.status}`, { _: s.status })}</TableCell>
                    <TableCell align="right">
                      <Button size="small" aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? undefined : s.id)}>
                        {translate(open === s.id ? 'resources.devices.actions.hide_players' : 'resources.devices.actions.show_players')}
                      </Button>
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0, borderBottom: open === s.id ? undefined : 'none' }}>
                      <Collapse in={open === s.id} unmountOnExit>
                        <Box sx={{ py: 1 }}>
                          <SystemDevices systemId={s.id} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
        <TablePagination
          component="div"
          count={query.data?.totalElements ?? 0}
          page={page}
          rowsPerPage={SYSTEM_PAGE_SIZE}
          rowsPerPageOptions={[SYSTEM_PAGE_SIZE]}
          onPageChange={(_e, p) => setPage(p)}
        />
      </Paper>
    </Box>
  );
}
