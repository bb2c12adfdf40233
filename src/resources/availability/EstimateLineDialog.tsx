import { useMemo } from 'react';
import { Alert, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  AutocompleteInput,
  DateInput,
  ReferenceInput,
  SelectInput,
  required,
  useDataProvider,
  useGetList,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import type { SchemaEstimate } from '@/api/generated/estimate';
import type { SchemaProduct } from '@/api/generated/product';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { useFailure } from '@/ui/useFailure';
import type { HoldFace } from './HoldDialog';

interface LineValues {
  estimateId?: number | null;
  catalogId?: number | null;
  productId?: number | null;
  periodStart?: string;
  periodEnd?: string;
}

const endNotBeforeStart = (message: string) => (value: unknown, values: LineValues) =>
  typeof value === 'string' && values.periodStart && value < values.periodStart ? message : undefined;

/** The products of the chosen price list that sell faces of the selection's system types. */
function ProductChoice({ catalogs, products, systemTypes }: { catalogs: SchemaCatalog[]; products: SchemaProduct[]; systemTypes: string[] }) {
  const catalogId = useWatch({ name: 'catalogId' }) as number | undefined;
  const catalog = catalogs.find((c) => c.id === Number(catalogId));
  const choices = useMemo(
    () =>
      (catalog?.prices ?? [])
        .map((p) => products.find((x) => x.id === p.productId))
        .filter((p): p is SchemaProduct => Boolean(p) && (!p!.systemType || systemTypes.includes(p!.systemType)))
        .map((p) => ({ id: p.id, name: p.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'it')),
    [catalog, products, systemTypes],
  );
  return (
    <SelectInput
      source="productId"
      label="resources.availability.fields.productId"
      choices={choices}
      disabled={!catalog}
      validate={required()}
      fullWidth
    />
  );
}

/**
 * «Aggiungi a un preventivo»: the selected faces become one line of a draft estimate for a period,
 * sold with a product of a price list (the estimate service prices the line from the list); the
 * page then opens the estimate, showing the line's faces and their availability.
 */
export function EstimateLineDialog({
  faces,
  period,
  onClose,
}: {
  faces: HoldFace[];
  period: { start: string; end: string };
  /** Called with the estimate the line went on, or nothing when called off. */
  onClose: (estimateId?: number) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const failure = useFailure();
  const catalogs = useGetList<SchemaCatalog & { id: number }>('catalogs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const products = useGetList<SchemaProduct>('products', { pagination: { page: 1, perPage: 10000 }, sort: { field: 'name', order: 'ASC' } });
  const systemTypes = [...new Set(faces.map((f) => f.systemType))];
  const add = useMutation({
    mutationFn: async (values: LineValues) => {
      const id = Number(values.estimateId);
      const { data: estimate } = await dataProvider.getOne<SchemaEstimate & { id: number }>('estimates', { id });
      const product = (products.data ?? []).find((p) => p.id === Number(values.productId));
      const line = {
        productId: Number(values.productId),
        catalogId: Number(values.catalogId),
        description: product?.name,
        quantity: faces.length,
        unitPrice: 0,
        discountPercent: 0,
        periodStart: values.periodStart,
        periodEnd: values.periodEnd,
        frameIds: faces.map((f) => f.frameId),
      };
      await dataProvider.update('estimates', { id, data: { ...estimate, lines: [...estimate.lines, line] }, previousData: estimate });
      return id;
    },
    onSuccess: (id) => onClose(id),
    onError: failure,
  });
  const field = (name: string) => `resources.availability.fields.${name}`;
  const titleId = 'estimate-line-dialog-title';
  return (
    <FormDialog open onClose={() => onClose()} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.availability.to_estimate_title', { smart_count: faces.length })}</DialogTitle>
      <AppSimpleForm
        defaultValues={{ periodStart: period.start, periodEnd: period.end }}
        onSubmit={(values: object) => add.mutateAsync(values as LineValues).then(() => undefined, () => undefined)}
        toolbar={<DialogFormToolbar label="resources.availability.to_estimate_submit" alwaysEnable />}
        sx={{ pt: 0 }}
      >
        <Alert severity="info" sx={{ mb: 1, width: '100%' }}>
          {faces.map((f) => f.label).join(', ')}
        </Alert>
        <ReferenceInput source="estimateId" reference="estimates" filter={{ status: 'draft' }}>
          <AutocompleteInput label={field('draftEstimateId')} validate={required()} filterToQuery={(q: string) => ({ q })} fullWidth />
        </ReferenceInput>
        <SelectInput
          source="catalogId"
          label={field('catalogId')}
          choices={(catalogs.data ?? []).map((c) => ({ id: c.id, name: c.name }))}
          validate={required()}
          fullWidth
        />
        <ProductChoice catalogs={catalogs.data ?? []} products={products.data ?? []} systemTypes={systemTypes} />
        <DateInput source="periodStart" label={field('periodStart')} validate={required()} />
        <DateInput
          source="periodEnd"
          label={field('periodEnd')}
          validate={[required(), endNotBeforeStart('resources.availability.errors.end_before_start')]}
        />
      </AppSimpleForm>
    </FormDialog>
  );
}
