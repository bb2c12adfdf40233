import { useEffect, useMemo, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import type { SchemaProduct } from '@/api/generated/product';
import { formatMoney } from '@/ui/format';
import { previewLineTotal, previewTotals } from './shared';
import { LineFaces } from './EstimateFaces';

/** The price lists (with prices) and products the lines choose from. */
function useCatalogData() {
  const catalogs = useGetList<SchemaCatalog & { id: number }>('catalogs', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const products = useGetList<SchemaProduct>('products', {
    pagination: { page: 1, perPage: 10000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return { catalogs: catalogs.data ?? [], products: products.data ?? [] };
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
        .map((p) => ({
          id: p.productId,
          name: products.find((x) => x.id === p.productId)?.name ?? '',
          price: p.price,
        }))
        .filter((c) => c.name)
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
  return (
    <SelectInput
      source="productId"
      label="resources.estimates.fields.productId"
      choices={choices}
      disabled={!catalog}
    />
  );
}

/** Quantity and unit price: typed for a product line, the list's (faces and price of one face) on a line that sells faces. */
function PricedInput({ source, label, defaultValue }: { source: string; label: string; defaultValue?: number }) {
  const line = useSourceContext();
  const frameIds = useWatch({ name: line.getSource('frameIds') }) as unknown[] | undefined;
  const fromList = Array.isArray(frameIds) && frameIds.length > 0;
  return <NumberInput source={source} label={label} defaultValue={defaultValue} readOnly={fromList} />;
}

function LineTotal() {
  const source = useSourceContext();
  const translate = useTranslate();
  const [quantity, unitPrice, discountPercent] = useWatch({
    name: [source.getSource('quantity'), source.getSource('unitPrice'), source.getSource('discountPercent')],
  }) as [unknown, unknown, unknown];
  return (
    <Box sx={{ pt: 1, textAlign: 'right' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('resources.estimates.fields.lineTotal')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="line-total">
        {formatMoney(previewLineTotal({ quantity, unitPrice, discountPercent }))}
      </Typography>
    </Box>
  );
}

/** Preview of the totals as the service will compute them on save. */
export function TotalsPreview() {
  const translate = useTranslate();
  const lines = (useWatch({ name: 'lines' }) as Array<Record<string, unknown>> | undefined) ?? [];
  const { subtotal, discountTotal, total } = previewTotals(lines);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 3,
        justifyContent: 'end',
        textAlign: 'right',
        width: '100%',
      }}
    >
      <Typography variant="body2">{translate('resources.estimates.fields.subtotal')}</Typography>
      <Typography variant="body2">{formatMoney(subtotal)}</Typography>
      <Typography variant="body2">{translate('resources.estimates.fields.discountTotal')}</Typography>
      <Typography variant="body2">{formatMoney(discountTotal)}</Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate('resources.estimates.fields.total')}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="estimate-form-total">
        {formatMoney(total)}
      </Typography>
    </Box>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/*
 * A line is a grid of two rows, so that at 1280 px each field keeps a readable width: what is sold
 * (price list, product, description), then how much and when (quantity, period, price, discount)
 * with the line total in a cell of its own, where a field's error text below it cannot cover it.
 */
const LINE_GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
  columnGap: 1.5,
  width: '100%',
  '& .wide': { gridColumn: { xs: 'span 2', md: 'span 2' } },
} as const;

/** The lines: price list, product, quantity, period, unit price, discount, the line total, and the faces sold. */
export function EstimateLines() {
  const { catalogs, products } = useCatalogData();
  const catalogChoices = catalogs.filter((c) => c.active).map((c) => ({ id: c.id, name: c.name }));
  return (
    <ArrayInput source="lines" label="resources.estimates.fields.lines">
      <SimpleFormIterator
        disableReordering
        fullWidth
        sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 1 } }}
      >
        <Box sx={LINE_GRID} data-testid="estimate-line">
          <Box className="wide">
            <SelectInput
              source="catalogId"
              label="resources.estimates.fields.catalogId"
              choices={catalogChoices}
            />
          </Box>
          <Box className="wide">
            <ProductOfLine catalogs={catalogs} products={products} />
          </Box>
          <Box className="wide">
            <TextInput source="description" label="resources.estimates.fields.description" />
          </Box>
          <PricedInput source="quantity" label="resources.estimates.fields.quantity" defaultValue={1} />
          <DateInput
            source="periodStart"
            label="resources.estimates.fields.periodStart"
            defaultValue={today()}
          />
          <DateInput source="periodEnd" label="resources.estimates.fields.periodEnd" defaultValue={today()} />
          <PricedInput source="unitPrice" label="resources.estimates.fields.unitPrice" />
          <NumberInput
            source="discountPercent"
            label="resources.estimates.fields.discountPercent"
            defaultValue={0}
          />
          <LineTotal />
          <LineFaces products={products} />
        </Box>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
