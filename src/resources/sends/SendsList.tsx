import type { ReactElement, ReactNode } from 'react';
import { Typography } from '@mui/material';
import { FilterButton, List, Title, TopToolbar, useTranslate, type SortPayload } from 'react-admin';
import { AppPagination } from '@/layout/Pagination';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

/**
 * A page of the sends (the outbox, the scheduled events): its title as page title and heading, then
 * the list of `resource` in pages of 25, not kept in the address, without export; an empty list
 * shows its empty table, not react-admin's empty page.
 */
export function SendsList({
  resource,
  title,
  filters,
  sort,
  actions,
  children,
}: {
  resource: string;
  /** The message key of the title. */
  title: string;
  filters: ReactElement[];
  sort: SortPayload;
  /** `false`: the column chooser and saved views alone; else with the filter button. */
  actions?: false;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate(title)}
      </Typography>
      <List
        resource={resource}
        filters={filters}
        sort={sort}
        disableSyncWithLocation
        storeKey={false}
        perPage={25}
        pagination={<AppPagination />}
        title={false}
        exporter={false}
        actions={
          <TopToolbar>
            <ListViewButtons />
            {actions === false ? null : <FilterButton />}
          </TopToolbar>
        }
        empty={false}
      >
        {children}
      </List>
    </>
  );
}
