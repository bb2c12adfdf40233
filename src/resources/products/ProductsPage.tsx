import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, DialogContent, DialogTitle, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  CreateBase,
  DataTable,
  DeleteWithConfirmButton,
  EditBase,
  List,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  TextInput,
  Toolbar,
  TopToolbar,
  useDataProvider,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { useSearchParams } from 'react-router-dom';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import { z } from 'zod';
import type { SchemaProduct } from '@/api/generated/product';
import { saveProductBody } from '@/api/generated/product.zod';
import type { AppDataProvider } from '@/dataProviders';
import { AppPagination } from '@/layout/Pagination';
import { CatalogsTab } from './CatalogsTab';
import { systemTypeChoices, systemTypeLabel } from '@/ui/systemLabels';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { codeChoices, codeLabel, formatMoney, MONEY_OPTIONS } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { ProductPhotos } from './ProductPhotos';

/** The system types and units from the document, labelled in Italian. */
const UNIT_LABELS = 'resources.products.units';
const unitChoices = codeChoices(UNIT_LABELS, saveProductBody.shape.unit.options);

/** saveProduct's body, plus its `catalogIds` query parameter the form also edits. */
const resolver = schemaResolver(saveProductBody.extend({ catalogIds: z.array(z.number()).optional() }));

const exportColumns: ExportColumn<SchemaProduct>[] = [
  { label: 'resources.products.fields.code', value: (p) => p.code },
  { label: 'resources.products.fields.name', value: (p) => p.name },
  { label: 'resources.products.fields.systemType', value: (p) => systemTypeLabel(p.systemType) },
  { label: 'resources.products.fields.unit', value: (p) => codeLabel(UNIT_LABELS, p.unit) },
  { label: 'resources.products.fields.basePrice', value: (p) => p.basePrice },
];

function useCatalogChoices() {
  const { data } = useGetList<SchemaCatalog & { id: number }>('catalogs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  return (data ?? []).map((c) => ({ id: c.id, name: c.name }));
}

function ProductCatalogs() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const productId = Number(record?.id);
  const { data: catalogs } = useQuery({
    queryKey: ['products', 'productCatalogs', productId, record?.catalogIds],
    queryFn: () => dataProvider.productCatalogs('products', { productId }),
    enabled: Boolean(record?.id),
  });
  if (!record?.id) return null;
  return (
    <Box component="section" sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h2">{translate('resources.products.catalogs_of')}</Typography>
      {catalogs?.length ? (
        <ul>
          {catalogs.map((c) => (
            <li key={c.id}>{`${c.name}: ${formatMoney(c.prices.find((p) => p.productId === Number(record.id))?.price)}`}</li>
          ))}
        </ul>
      ) : (
        <Typography variant="body2" color="text.secondary">{translate('resources.products.no_catalogs')}</Typography>
      )}
    </Box>
  );
}

function ProductInputs() {
  const catalogs = useCatalogChoices();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="code" parse={(v: string) => v?.toUpperCase()} />
      <TextInput source="name" />
      <SelectInput source="systemType" choices={systemTypeChoices()} />
      <TextInput source="format" parse={(v: string) => (v === '' ? undefined : v)} />
      <SelectInput source="unit" choices={unitChoices} />
      <NumberInput source="basePrice" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="description" multiline fullWidth parse={(v: string) => (v === '' ? undefined : v)} />
        <BooleanInput source="active" defaultValue />
        <CheckboxGroupInput source="catalogIds" choices={catalogs} />
      </Box>
    </Box>
  );
}

function ProductDialog({ id, open, onClose }: { id?: number; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const onError = useFailure();
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="product-dialog-title">
      <DialogTitle id="product-dialog-title">{translate(id ? 'resources.products.edit' : 'resources.products.create')}</DialogTitle>
      <DialogContent>
        {id ? (
          <EditBase resource="products" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }}>
            <AppSimpleForm
              resolver={resolver}
              toolbar={
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <SaveButton />
                  <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }} confirmContent="resources.products.delete_content" />
                </Toolbar>
              }
            >
              <ProductInputs />
              <ProductCatalogs />
              <ProductPhotos />
            </AppSimpleForm>
          </EditBase>
        ) : (
          <CreateBase resource="products" redirect={false} mutationOptions={{ onSuccess: onClose, onError }}>
            <AppSimpleForm resolver={resolver}>
              <ProductInputs />
            </AppSimpleForm>
          </CreateBase>
        )}
      </DialogContent>
    </FormDialog>
  );
}

function ProductsTab() {
  const translate = useTranslate();
  const catalogs = useCatalogChoices();
  const [dialog, setDialog] = useState<{ id?: number } | undefined>();
  return (
    <>
      <List
        resource="products"
        title={false}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.products.search')} />,
          <SelectInput key="catalogId" source="catalogId" choices={catalogs} alwaysOn label="resources.products.fields.catalogId" />,
        ]}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        pagination={<AppPagination rowsPerPageOptions={[25, 50, 100]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<AddIcon />} onClick={() => setDialog({})}>{translate('resources.products.create')}</Button>
            <ExportAllButton columns={exportColumns} fileName="prodotti" />
          </TopToolbar>
        }
      >
        <DataTable rowClick={(id) => { setDialog({ id: Number(id) }); return false; }} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.products.empty')}</Typography>}>
          <DataTable.Col source="code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="systemType" render={(r) => systemTypeLabel(r.systemType as string)} />
          <DataTable.Col source="unit" render={(r) => codeLabel(UNIT_LABELS, r.unit as string)} />
          <DataTable.NumberCol source="basePrice" options={MONEY_OPTIONS} locales="it-IT" />
          <DataTable.Col source="catalogIds" disableSort render={(r) => ((r.catalogIds as number[]) ?? []).map((cid) => catalogs.find((c) => c.id === cid)?.name ?? cid).join(', ')} />
          <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
      </List>
      <ProductDialog key={dialog?.id ?? 'new'} id={dialog?.id} open={Boolean(dialog)} onClose={() => setDialog(undefined)} />
    </>
  );
}

/** /estimates/products: products and price lists; ?catalogs opens the price lists (the INVENTARIO menu's Listini). */
export default function ProductsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.has('catalogs') ? 1 : 0;
  return (
    <>
      <PageHeading title={translate(tab ? 'resources.catalogs.name' : 'resources.products.name', { smart_count: 2 })} />
      <Tabs value={tab} onChange={(_e, v: number) => setParams(v ? new URLSearchParams('catalogs') : new URLSearchParams())} aria-label={translate('resources.products.tabs_label')}>
        <Tab label={translate('resources.products.name', { smart_count: 2 })} />
        <Tab label={translate('resources.catalogs.name', { smart_count: 2 })} />
      </Tabs>
      {tab ? <CatalogsTab /> : <ProductsTab />}
    </>
  );
}
