import { useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useFormContext, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { acceptLockVersion, LOCK_VERSION, onSaved, onStaleRefusal, type StaleRefusal } from '@/dataProviders/lockVersions';

/*
 * A refused stale save, shown above the edit form that made it: the service's message (who saved
 * the record since, and when), the assurance that every typed value is still in the form (the form
 * is left as it was), and «Ricarica e confronta»: the record as saved now, beside the user's
 * values, for every field where they differ. After it, saving again keeps the user's values over
 * the version just seen; each saved value can also be taken into the form.
 */

/** Fields that are the record's bookkeeping, not what a person edits. */
const BOOKKEEPING = new Set(['id', LOCK_VERSION, 'createdAt', 'updatedAt', 'createdBy', 'modifiedAt', 'modifiedBy']);

/** A value with its object keys in order and an empty value as null, so that equal values compare equal. */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(Reflect.get(value, k))]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** A value as a person reads it in the comparison. */
export function shownValue(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => shownValue(v, empty)).join(', ') : empty;
  if (typeof value === 'object') {
    const named: unknown = Reflect.get(value, 'name') ?? Reflect.get(value, 'label');
    return typeof named === 'string' ? named : JSON.stringify(value);
  }
  return String(value as string | number);
}

interface Difference {
  field: string;
  theirs: unknown;
  yours: unknown;
}

/**
 * The fields where the record as saved now and the form's values differ, among those that someone
 * changed: the other person (saved now ≠ read) or the user (typed ≠ read). Only the record's own
 * fields (a form's helper fields have no saved value to compare), bookkeeping left out.
 */
export function differences(read: Record<string, unknown>, saved: Record<string, unknown>, values: Record<string, unknown>): Difference[] {
  const fields = Object.keys(saved).filter((f) => !BOOKKEEPING.has(f) && !f.startsWith('_') && f in values);
  return fields
    .filter((f) => !same(saved[f], values[f]) && (!same(saved[f], read[f]) || !same(values[f], read[f])))
    .map((field) => ({ field, theirs: saved[field], yours: values[field] }));
}

export interface StaleSaveProps {
  /** Outside a react-admin form (a custom one): the record's resource and id … */
  resource?: string;
  id?: Identifier;
  /** … the record as the form read it, and the values the form would save now, in the record's shape. */
  read?: Record<string, unknown>;
  values?: () => Record<string, unknown>;
}

/**
 * Shows a refused stale save of the form's record. Every AppSimpleForm holds one (the record, the
 * resource and the values from react-admin's contexts); a custom form renders one with its props,
 * and then offers the comparison without taking a saved value into the form.
 */
export function StaleSave(props: StaleSaveProps) {
  const contextResource = useResourceContext();
  const record = useRecordContext();
  const resource = props.resource ?? contextResource;
  const id = props.id ?? record?.id;
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  // Null outside a react-hook-form form.
  const form = useFormContext() as UseFormReturn<FieldValues> | null;
  const [refusal, setRefusal] = useState<StaleRefusal>();
  const [comparison, setComparison] = useState<Difference[] | 'loading'>();
  const shown = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!resource || id === undefined) return undefined;
    const ours = (r: { resource: string; id: unknown }) => r.resource === resource && String(r.id) === String(id);
    const stopRefusals = onStaleRefusal((r) => {
      if (!ours(r)) return;
      setRefusal(r);
      setComparison(undefined);
    });
    // Saved at last (over the version seen): the refusal is over.
    const stopSaves = onSaved((s) => {
      if (ours(s)) setRefusal(undefined);
    });
    return () => {
      stopRefusals();
      stopSaves();
    };
  }, [resource, id]);

  // The save button is at the form's foot: the refusal is brought into view, and focused so that a
  // screen reader reads it.
  useEffect(() => {
    if (!refusal) return;
    shown.current?.scrollIntoView({ block: 'start' });
    shown.current?.focus({ preventScroll: true });
  }, [refusal]);

  if (!refusal || !resource || id === undefined) return null;

  const compare = async () => {
    setComparison('loading');
    try {
      const { data } = await dataProvider.getOne<RaRecord>(resource, { id });
      const saved = data as Record<string, unknown>;
      const version: unknown = saved[LOCK_VERSION];
      const seen = typeof version === 'number' ? version : refusal.lockVersion;
      acceptLockVersion(resource, id, seen);
      form?.setValue(LOCK_VERSION, seen, { shouldDirty: false });
      const values = props.values?.() ?? (form?.getValues() as Record<string, unknown> | undefined) ?? {};
      setComparison(differences(props.read ?? (record as Record<string, unknown> | undefined) ?? {}, saved, values));
    } catch {
      setComparison(undefined);
    }
  };

  const take = (d: Difference) => {
    form?.setValue(d.field, d.theirs, { shouldDirty: true });
    setComparison((list) => (Array.isArray(list) ? list.filter((x) => x.field !== d.field) : list));
  };

  const empty = translate('app.stale.empty');
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  return (
    <Alert ref={shown} tabIndex={-1} severity="warning" role="alert" aria-label={translate('app.stale.title')} sx={{ mb: 2, width: '100%', boxSizing: 'border-box', scrollMarginTop: 80 }}>
      <AlertTitle>{translate('app.stale.title')}</AlertTitle>
      <Typography variant="body2">{refusal.message}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {translate('app.stale.kept')}
      </Typography>
      {comparison === undefined || comparison === 'loading' ? (
        <Button sx={{ mt: 1 }} variant="outlined" color="inherit" size="small" disabled={comparison === 'loading'} onClick={() => void compare()}>
          {translate(comparison === 'loading' ? 'app.stale.comparing' : 'app.stale.compare')}
        </Button>
      ) : (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2">{translate(comparison.length ? 'app.stale.compared' : 'app.stale.same')}</Typography>
          {comparison.length > 0 && (
            <Table size="small" aria-label={translate('app.stale.compare')} sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.stale.field')}</TableCell>
                  <TableCell>{refusal.modifiedBy ? `${translate('app.stale.theirs')} (${refusal.modifiedBy})` : translate('app.stale.theirs')}</TableCell>
                  <TableCell>{translate('app.stale.yours')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {comparison.map((d) => (
                  <TableRow key={d.field}>
                    <TableCell component="th" scope="row">
                      {label(d.field)}
                    </TableCell>
                    <TableCell>{shownValue(d.theirs, empty)}</TableCell>
                    <TableCell>{shownValue(d.yours, empty)}</TableCell>
                    <TableCell align="right">
                      {form && (
                        <Button size="small" color="inherit" onClick={() => take(d)}>
                          {translate('app.stale.take')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      )}
    </Alert>
  );
}
