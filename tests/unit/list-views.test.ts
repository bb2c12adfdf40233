import { describe, expect, it } from 'vitest';
import { forgetColumnChoices } from '../../src/ui/listViews/columnStore';
import { isCurrent, listStateOf, nameProblem, viewInput, type SavedView } from '../../src/ui/listViews/savedViews';
import { periodEndValidator, PERIOD_INVERTED } from '../../src/ui/PeriodEndInput';

/* The steps between a list's state and a saved view, and the period check of the list filters. */

const view = (over: Partial<SavedView> = {}): SavedView => ({
  id: 3,
  list: 'systems',
  name: 'Attivi',
  filter: { statuses: ['active'], type: 'OOH' },
  sort: { field: 'name', order: 'DESC' },
  hiddenColumns: ['area', 'province'],
  createdAt: '2026-03-02T09:15:00Z',
  ...over,
});

describe('viewInput', () => {
  it('keeps the filters that filter, the sort and each hidden column once, under the trimmed name', () => {
    expect(
      viewInput('systems', '  Attivi a Milano ', {
        filterValues: { statuses: ['active'], municipalityIds: [], searchTerm: '', type: undefined, q: null, range: { from: '' }, city: 'Milano' },
        sort: { field: 'name', order: 'DESC' },
        hiddenColumns: ['area', 'area', 'province'],
      }),
    ).toEqual({
      list: 'systems',
      name: 'Attivi a Milano',
      filter: { statuses: ['active'], city: 'Milano' },
      sort: { field: 'name', order: 'DESC' },
      hiddenColumns: ['area', 'province'],
    });
  });

  it('leaves the sort out when the list has none, and reads any other order as ascending', () => {
    expect(viewInput('teams', 'X', { filterValues: {}, hiddenColumns: [] })).not.toHaveProperty('sort');
    expect(viewInput('teams', 'X', { filterValues: {}, sort: { field: 'id', order: 'asc' }, hiddenColumns: [] }).sort).toEqual({ field: 'id', order: 'ASC' });
  });
});

describe('listStateOf', () => {
  it("sets the view's filters (each shown), sort and hidden columns", () => {
    expect(listStateOf(view())).toEqual({
      filter: { statuses: ['active'], type: 'OOH' },
      displayedFilters: { statuses: true, type: true },
      sort: { field: 'name', order: 'DESC' },
      hiddenColumns: ['area', 'province'],
    });
  });

  it("keeps the list's sort when the view has none", () => {
    expect(listStateOf(view({ sort: undefined }), { field: 'code', order: 'ASC' }).sort).toEqual({ field: 'code', order: 'ASC' });
  });

  it('round-trips: the state a view sets is the view again', () => {
    const v = view();
    const state = listStateOf(v);
    expect(viewInput(v.list, v.name, { filterValues: state.filter, sort: state.sort, hiddenColumns: state.hiddenColumns })).toEqual({
      list: v.list,
      name: v.name,
      filter: v.filter,
      sort: v.sort,
      hiddenColumns: v.hiddenColumns,
    });
  });
});

describe('isCurrent', () => {
  const state = { filterValues: { type: 'OOH', statuses: ['active'] }, sort: { field: 'name', order: 'DESC' }, hiddenColumns: ['province', 'area'] };
  it('is true when the list shows what the view sets, whatever the order of keys and columns', () => {
    expect(isCurrent(view(), state)).toBe(true);
  });
  it('is false when a filter, the sort or a column differs', () => {
    expect(isCurrent(view(), { ...state, filterValues: { type: 'DOOH', statuses: ['active'] } })).toBe(false);
    expect(isCurrent(view(), { ...state, sort: { field: 'name', order: 'ASC' } })).toBe(false);
    expect(isCurrent(view(), { ...state, hiddenColumns: ['area'] })).toBe(false);
  });
});

describe('nameProblem', () => {
  it('asks for a name that is not blank', () => {
    expect(nameProblem('   ')).toBe('app.views.name_required');
    expect(nameProblem('Attivi')).toBeUndefined();
  });
});

describe('periodEndValidator', () => {
  const check = periodEndValidator('dateStart');
  it('refuses an end before the start', () => {
    expect(check('2026-02-28', { dateStart: '2026-03-01' })).toBe(PERIOD_INVERTED);
  });
  it('takes an end on or after the start, and a period with either end open', () => {
    expect(check('2026-03-01', { dateStart: '2026-03-01' })).toBeUndefined();
    expect(check('2026-03-31', { dateStart: '2026-03-01' })).toBeUndefined();
    expect(check('2026-02-01', { dateStart: '' })).toBeUndefined();
    expect(check(null, { dateStart: '2026-03-01' })).toBeUndefined();
  });
  it('compares moments too (the outbox\'s sent from / until), as strings or Dates', () => {
    const sent = periodEndValidator('sentAt_gte');
    expect(sent('2026-03-01T09:00', { sentAt_gte: '2026-03-01T10:00' })).toBe(PERIOD_INVERTED);
    expect(sent('2026-03-01T10:30', { sentAt_gte: '2026-03-01T10:00' })).toBeUndefined();
    expect(sent(new Date('2026-02-01T00:00:00Z'), { sentAt_gte: new Date('2026-03-01T00:00:00Z') })).toBe(PERIOD_INVERTED);
    expect(sent('not a moment', { sentAt_gte: '2026-03-01T10:00' })).toBeUndefined();
  });
});

describe('forgetColumnChoices', () => {
  it("removes every list's hidden columns and column order from react-admin's store, and nothing else", () => {
    localStorage.clear();
    const keep = { 'RaStore.systems.listParams': '{}', 'RaStore.locale': '"it"', auth: 'token', 'RaStore.notes': '"datatable"' };
    const drop = { 'RaStore.systems.datatable': '["area"]', 'RaStore.doohSystems.datatable_columnRanks': '[1,0]', 'RaStore.planningItems.datatable': '[]' };
    for (const [key, value] of Object.entries({ ...keep, ...drop })) localStorage.setItem(key, value);
    forgetColumnChoices(localStorage);
    expect(Object.keys(localStorage).sort()).toEqual(Object.keys(keep).sort());
  });
});
