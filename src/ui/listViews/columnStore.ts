/*
 * The DataTables' column choices live in react-admin's store (localStorage, `RaStore.<list>.datatable`
 * and `RaStore.<list>.datatable_columnRanks`): the choice of whoever is signed in on this browser.
 * Signing out forgets them, as react-admin's own logout resets its store, so the next user of the
 * browser starts from every column (their saved views bring back their own choices).
 */

const COLUMN_KEY = /^RaStore\..+\.datatable(_columnRanks)?$/;

/** Removes the column choices of every list from `storage`. */
export function forgetColumnChoices(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key && COLUMN_KEY.test(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
