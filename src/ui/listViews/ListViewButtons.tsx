import { ColumnsButton } from 'react-admin';
import { SavedViewsButton, type SavedViewsButtonProps } from './SavedViewsButton';

/**
 * A list's shaping buttons: react-admin's column chooser for its DataTable (the choice is kept in
 * react-admin's store, so it holds after a reload) and the user's saved views.
 */
export function ListViewButtons({ list, columnsStoreKey }: SavedViewsButtonProps) {
  return (
    <>
      <ColumnsButton {...(columnsStoreKey ? { storeKey: columnsStoreKey } : {})} />
      <SavedViewsButton list={list} columnsStoreKey={columnsStoreKey} />
    </>
  );
}
