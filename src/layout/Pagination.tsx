import { useState, type FormEvent } from 'react';
import { Box, TextField } from '@mui/material';
import {
  Pagination as RaPagination,
  useListPaginationContext,
  useTranslate,
  type PaginationProps,
} from 'react-admin';

/**
 * List pagination with its labels (Page, Go to, Previous Page, Next Page, Page Size, in the
 * chosen language) and a "go to page" field. Use it as `<List pagination={<AppPagination />}>`.
 */
export function AppPagination(props: PaginationProps) {
  const translate = useTranslate();
  const { page, perPage, total, setPage } = useListPaginationContext();
  const [target, setTarget] = useState('');
  const pages = total != null && perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(target);
    if (Number.isInteger(n) && n >= 1 && (pages === undefined || n <= pages)) setPage(n);
    setTarget('');
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2 }}>
      <RaPagination {...props} />
      {pages !== undefined && pages > 1 ? (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 2 }}>
          <Box component="span" sx={{ typography: 'body2' }}>
            {translate('app.pagination.page')} {page} / {pages}
          </Box>
          <TextField
            size="small"
            label={translate('app.pagination.go_to')}
            value={target}
            onChange={(e) => setTarget(e.target.value.replace(/\D/g, ''))}
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'aria-label': translate('app.pagination.go_to') },
            }}
            sx={{ width: 90 }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
