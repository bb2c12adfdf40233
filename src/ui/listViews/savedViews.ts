import type { SchemaSavedView, SchemaSavedViewInput } from '@/api/generated/user';

/*
 * A list's saved view: the list's filters, hidden columns and sort under a name, kept on the
 * server in the user's preferences (the user service's /user/preference/views), so it follows
 * the user to another browser. These are the pure steps between a list's state and a view.
 */

export type SavedView = SchemaSavedView;

/** What a list shows now, as react-admin's list context and DataTable store hold it. */
export interface ListState {
  filterValues: Record<string, unknown>;
  sort?: { field: string; order: string };
  hiddenColumns: string[];
}

/** The longest view name the service takes. */
export const VIEW_NAME_MAX = 80;

/** A filter value worth keeping: not empty, not an empty list or object. */
function kept(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(kept);
  return true;
}

/** The view to save for `list` under `name` from the list's state: empty filters dropped, columns once each. */
export function viewInput(list: string, name: string, state: ListState): SchemaSavedViewInput {
  const filter = Object.fromEntries(Object.entries(state.filterValues).filter(([, v]) => kept(v)));
  const order = state.sort?.order === 'DESC' ? 'DESC' : 'ASC';
  return {
    list,
    name: name.trim(),
    filter,
    ...(state.sort?.field ? { sort: { field: state.sort.field, order } } : {}),
    hiddenColumns: [...new Set(state.hiddenColumns)],
  };
}

/** The list's state a view sets: its filters (each shown in the filter bar), its sort, its hidden columns. */
export function listStateOf(view: SavedView, defaultSort?: { field: string; order: 'ASC' | 'DESC' }) {
  return {
    filter: view.filter,
    displayedFilters: Object.fromEntries(Object.keys(view.filter).map((k) => [k, true])),
    sort: view.sort ?? defaultSort,
    hiddenColumns: view.hiddenColumns,
  };
}

/** Why a name cannot be saved (a message key), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (!name.trim()) return 'app.views.name_required';
  return undefined;
}

/** Whether the list now shows exactly what the view sets (the menu marks it). */
export function isCurrent(view: SavedView, state: ListState): boolean {
  const now = viewInput(view.list, view.name, state);
  const sameSort = !view.sort || (now.sort?.field === view.sort.field && now.sort?.order === view.sort.order);
  const sameColumns = [...(now.hiddenColumns ?? [])].sort().join('\u0000') === [...view.hiddenColumns].sort().join('\u0000');
  return sameSort && sameColumns && stableJson(now.filter) === stableJson(view.filter);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
