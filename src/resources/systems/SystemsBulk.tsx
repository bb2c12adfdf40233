import { useState } from 'react';
import { z } from 'zod';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, DialogTitle } from '@mui/material';
import {
  AutocompleteArrayInput,
  BulkActionsToolbar,
  BulkDeleteButton,
  RadioButtonGroupInput,
  SelectAllButton,
  SelectInput,
  useCanAccess,
  useDataProvider,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { createSystemBody } from '@/api/generated/systems.zod';
import type { SchemaSystem as System } from '@/api/generated/systems';
import { searchPageLimit } from '@/config/environment';
import type { AppDataProvider, SystemBulkChange } from '@/dataProviders';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { ExportSelectedButton, type ExportColumn } from '@/ui/exporter';
import { schemaResolver, withRules } from '@/ui/validation';
import { AddToCircuitButton, AddToPlanningButton, DialogToolbar, JobRunner, type Job } from './SelectionActions';
import { systemStatusChoices, systemStatusLabel, useLookups, useT } from './shared';

/*
 * The bulk work of the systems list: with a selection, up to the whole filter,
 * change one field, add to a circuit or a planning (./SelectionActions, shared with the map), export. Each write asks first naming the count, shows its
 * progress, then what changed and what the service refused, by code and reason.
 */

type Field = SystemBulkChange['field'];
const FIELDS: { id: Field; name: string }[] = [
  { id: 'status', name: 'resources.systems.fields.status' },
  { id: 'areaId', name: 'resources.systems.fields.area' },
  { id: 'mediaOwnerIds', name: 'resources.systems.fields.mediaOwners' },
  { id: 'leaseId', name: 'resources.systems.fields.lease' },
];

const body = createSystemBody.shape;
const required = (path: string): z.IssueData => ({
  code: z.ZodIssueCode.custom,
  path: [path],
  message: 'ra.validation.required',
});

/** The document's own rules for the four fields; the chosen field must have a value (area and lease may be "none"). */
const editFields = z.object({
  field: z.enum(['status', 'areaId', 'mediaOwnerIds', 'leaseId']),
  status: body.status.nullish(),
  areaId: body.areaId.nullish(),
  leaseId: body.leaseId.nullish(),
  mediaOwnerIds: body.mediaOwnerIds.nullish(),
});
type EditValues = z.infer<typeof editFields>;
const editSchema = withRules(editFields, (v: EditValues, ctx) => {
  if (v.field === 'status' && !v.status) ctx.addIssue(required('status'));
  if (v.field === 'mediaOwnerIds' && !v.mediaOwnerIds?.length) ctx.addIssue(required('mediaOwnerIds'));
});
const editResolver = schemaResolver(editSchema);

/** The input of the chosen field, with the form's own labels and the lookups' names. */
function ValueInput() {
  const t = useT();
  const field = useWatch({ name: 'field' }) as Field | undefined;
  const { lookups } = useLookups();
  if (field === 'status')
    return (
      <SelectInput
        source="status"
        label="resources.systems.fields.status"
        choices={systemStatusChoices()}
        translateChoice={false}
      />
    );
  if (field === 'areaId')
    return (
      <SelectInput
        source="areaId"
        label="resources.systems.fields.area"
        choices={lookups?.areas ?? []}
        emptyText={t('bulk.none')}
        isPending={!lookups}
      />
    );
  if (field === 'leaseId')
    return (
      <SelectInput
        source="leaseId"
        label="resources.systems.fields.lease"
        choices={lookups?.leases ?? []}
        emptyText={t('bulk.none')}
        isPending={!lookups}
      />
    );
  if (field === 'mediaOwnerIds')
    return (
      <AutocompleteArrayInput
        source="mediaOwnerIds"
        label="resources.systems.fields.mediaOwners"
        choices={lookups?.mediaOwners ?? []}
        helperText={t('bulk.media_owners_help')}
        isPending={!lookups}
      />
    );
  return null;
}

/** "Modifica selezionati": the field and its value, then the job. */
function BulkEditButton() {
  const t = useT();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds, onUnselectItems, total, filterValues } = useListContext<System>();
  const [open, setOpen] = useState(false);
  // The toolbar is mounted with the list: the lookups (five calls) wait for the dialog.
  const { lookups } = useLookups(open);
  const [job, setJob] = useState<Job>();
  const count = selectedIds.length;
  const named = (list: { id: number; name: string }[] | undefined, id: number | null | undefined) =>
    id == null ? t('bulk.none') : (list?.find((x) => x.id === id)?.name ?? String(id));
  const submit = (v: EditValues) => {
    let change: SystemBulkChange;
    let value: string;
    if (v.field === 'status') {
      change = { field: 'status', value: v.status! };
      value = systemStatusLabel(v.status);
    } else if (v.field === 'areaId') {
      change = { field: 'areaId', value: v.areaId ?? null };
      value = named(lookups?.areas, v.areaId);
    } else if (v.field === 'leaseId') {
      change = { field: 'leaseId', value: v.leaseId ?? null };
      value = named(lookups?.leases, v.leaseId);
    } else {
      change = { field: 'mediaOwnerIds', value: v.mediaOwnerIds ?? [] };
      value = (v.mediaOwnerIds ?? []).map((id) => named(lookups?.mediaOwners, id)).join(', ');
    }
    const ids = selectedIds.map(Number);
    // The whole filter, longer than one request of the search: the service changes the status by filter.
    const byFilter = change.field === 'status' && total !== undefined && ids.length === total && total > searchPageLimit();
    const status = change.field === 'status' ? change.value : undefined;
    setOpen(false);
    setJob({
      title: 'resources.systems.bulk.confirm_edit',
      content: byFilter ? 'resources.systems.bulk.confirm_edit_filter' : 'resources.systems.bulk.confirm_edit_content',
      options: {
        smart_count: ids.length,
        field: translate(FIELDS.find((f) => f.id === v.field)!.name),
        value,
      },
      doneKey: 'changed',
      unchangedKey: byFilter ? 'bulk.unchanged_status' : undefined,
      run: byFilter
        ? async () => {
            const { changed } = await dataProvider.setSystemStatusByFilter('systems', { filter: filterValues, status: status! });
            const done = new Set(changed);
            return { changed, refused: [], unchanged: ids.filter((id) => !done.has(id)) };
          }
        : (onProgress) => dataProvider.bulkUpdateSystems('systems', { ids, change, onProgress }),
    });
  };
  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {t('bulk.edit')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="bulk-edit-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="bulk-edit-title">{t('bulk.edit_title', { smart_count: count })}</DialogTitle>
        <AppSimpleForm
          record={{ field: 'status' }}
          resolver={editResolver}
          onSubmit={(v: Record<string, unknown>) => submit(v as EditValues)}
          toolbar={<DialogToolbar />}
          warnWhenUnsavedChanges={false}
        >
          <RadioButtonGroupInput source="field" label={t('bulk.field')} choices={FIELDS} />
          <ValueInput />
        </AppSimpleForm>
      </FormDialog>
      {job ? <JobRunner job={job} onClose={() => setJob(undefined)} onDone={() => onUnselectItems()} /> : null}
    </>
  );
}

/** "Aggiungi a circuito" over the selection, of the kind the list is filtered by first. */
function BulkCircuitButton() {
  const { selectedIds, filterValues, onUnselectItems } = useListContext<System>();
  return (
    <AddToCircuitButton
      systemIds={selectedIds.map(Number)}
      type={filterValues.type === 'DOOH' ? 'DOOH' : 'OOH'}
      onDone={() => onUnselectItems()}
    />
  );
}

/** "Aggiungi a pianificazione" over the selection, for those who may book (plannings are the admin's). */
function BulkPlanningButton() {
  const { selectedIds, onUnselectItems } = useListContext<System>();
  const { canAccess } = useCanAccess({ resource: 'plannings', action: 'create' });
  if (!canAccess) return null;
  return <AddToPlanningButton systemIds={selectedIds.map(Number)} onDone={() => onUnselectItems()} />;
}

/** The bulk toolbar of the systems list, with "select all N of the filter". */
export function SystemsBulkToolbar({
  exportColumns,
  inScrollBox = false,
}: {
  exportColumns: ExportColumn<System>[];
  inScrollBox?: boolean;
}) {
  const t = useT();
  const { total } = useListContext<System>();
  const count = total ?? 0;
  return (
    // Over a scrolling box react-admin's toolbar (lifted above the table) would be clipped: it takes its own row instead.
    <Box
      sx={
        inScrollBox
          ? {
              '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
                position: 'relative',
                transform: 'none',
              },
            }
          : undefined
      }
    >
      <BulkActionsToolbar
        // Every id of the filter (the data provider reads them in the search's pages); react-admin
        // warns "limit reached" when it gets exactly `limit` rows: one more than the filter holds.
        selectAllButton={<SelectAllButton label={t('bulk.select_filter', { smart_count: count })} limit={count + 1} />}
      >
        <BulkEditButton />
        <BulkCircuitButton />
        <BulkPlanningButton />
        <ExportSelectedButton
          columns={exportColumns}
          fileName="impianti_selezionati"
          label="resources.systems.bulk.export"
        />
        <BulkDeleteButton mutationMode="pessimistic" />
      </BulkActionsToolbar>
    </Box>
  );
}
