import { useEffect, useMemo, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  minValue,
  maxValue,
  required,
  useGetList,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { previewLineTotal } from '@/api/estimate';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import type { SchemaProduct } from '@/api/generated/product';
import { euro } from '@/pages/shared/EstimateView';

/** The price lists (with prices) and products the lines choose from. */
export function useCatalogData() {
  const catalogs = useGetList<SchemaCatalog & { id: number }>('catalogs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const products = useGetList<SchemaProduct>('products', { pagination: { page: 1, perPage: 10000 }, sort: { field: 'name', order: 'ASC' } });
  return { catalogs: catalogs.data ?? [], products: products.data ?? [], error: catalogs.error ?? products.error };
}

/** One line's product choice, limited to its price list; choosing a product takes the list's price. */
function ProductOfLine({ catalogs, products }: { catalogs: SchemaCatalog[]; products: SchemaProduct[] }) {
  const source = useSourceContext();
  const { setValue } = useFormContext();
  const catalogId = useWatch({ name: source.getSource('catalogId') }) as number | undefined;
  const productId = useWatch({ name: source.getSource('productId') }) as number | undefined;
  const catalog = catalogs.find((c) => c.id === Number(catalogId));
  const choices = useMemo(
    () =>
      (catalog?.prices ?? [])
        .map((p) => ({ id: p.productId, name: products.find((x) => x.id === p.productId)?.name ?? `#${p.productId}`, price: p.price }))
        .sort((a, b) => a.name.localeCompare(b.name, 'it')),
    [catalog, products],
  );
  const previous = useRef(productId);
  useEffect(() => {
    if (previous.current === productId) return;
    previous.current = productId;
    const chosen = choices.find((c) => c.id === Number(productId));
    if (chosen) {
      setValue(source.getSource('unitPrice'), chosen.price, { shouldDirty: true });
      setValue(source.getSource('description'), chosen.name, { shouldDirty: true });
    }
  }, [productId, choices, setValue, source]);
  return <SelectInput source="productId" label="resources.estimates.fields.productId" choices={choices} validate={required()} disabled={!catalog} />;
}

function LineTotal() {
  const source = useSourceContext();
  const translate = useTranslate();
  const [quantity, unitPrice, discountPercent] = useWatch({
    name: [source.getSource('quantity'), source.getSource('unitPrice'), source.getSource('discountPercent')],
  }) as [number, number, number];
  return (
    <Box sx={{ minWidth: 110, alignSelf: 'center' }}>
      <Typography variant="caption" color="text.secondary" component="div">{translate('resources.estimates.fields.lineTotal')}</Typography>
      <Typography variant="body2" data-testid="line-total">{euro(previewLineTotal({ quantity, unitPrice, discountPercent }))}</Typography>
    </Box>
  );
}

/** Preview of the totals as the service will compute them on save. */
export function TotalsPreview() {
  const translate = useTranslate();
  const lines = (useWatch({ name: 'lines' }) as Array<{ quantity?: number; unitPrice?: number; discountPercent?: number }> | undefined) ?? [];
  const subtotal = lines.reduce((s, l) => s + (Number(l?.quantity) || 0) * (Number(l?.unitPrice) || 0), 0);
  const total = lines.reduce((s, l) => s + previewLineTotal(l ?? {}), 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, justifyContent: 'end', textAlign: 'right', width: '100%' }}>
      <Typography variant="body2">{translate('resources.estimates.fields.subtotal')}</Typography>
      <Typography variant="body2">{euro(subtotal)}</Typography>
      <Typography variant="body2">{translate('resources.estimates.fields.discountTotal')}</Typography>
      <Typography variant="body2">{euro(Math.max(0, subtotal - total))}</Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{translate('resources.estimates.fields.total')}</Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="estimate-form-total">{euro(total)}</Typography>
    </Box>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** The lines: price list, product, quantity, period, unit price, discount, and the line total. */
export function EstimateLines() {
  const { catalogs, products } = useCatalogData();
  const catalogChoices = catalogs.filter((c) => c.active).map((c) => ({ id: c.id, name: c.name }));
  return (
    <ArrayInput source="lines" label="resources.estimates.fields.lines">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="catalogId" label="resources.estimates.fields.catalogId" choices={catalogChoices} validate={required()} />
        <ProductOfLine catalogs={catalogs} products={products} />
        <TextInput source="description" label="resources.estimates.fields.description" />
        <NumberInput source="quantity" label="resources.estimates.fields.quantity" defaultValue={1} validate={[required(), minValue(1)]} sx={{ width: 100 }} />
        <DateInput source="periodStart" label="resources.estimates.fields.periodStart" defaultValue={today()} validate={required()} />
        <DateInput source="periodEnd" label="resources.estimates.fields.periodEnd" defaultValue={today()} validate={required()} />
        <NumberInput source="unitPrice" label="resources.estimates.fields.unitPrice" validate={[required(), minValue(0)]} sx={{ width: 120 }} />
        <NumberInput source="discountPercent" label="resources.estimates.fields.discountPercent" defaultValue={0} validate={[minValue(0), maxValue(100)]} sx={{ width: 100 }} />
        <LineTotal />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
