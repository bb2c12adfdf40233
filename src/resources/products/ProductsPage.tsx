import { useQuery } from '@tanstack/react-query';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  DataTable,
  NumberInput,
  SearchInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import { z } from 'zod';
import type { SchemaProduct } from '@/api/generated/product';
import { saveProductBody } from '@/api/generated/product.zod';
import type { AppDataProvider } from '@/dataProviders';
import { CatalogsTab } from './CatalogsTab';
import { systemTypeChoices, systemTypeLabel } from '@/ui/systemLabels';
import type { ExportColumn } from '@/ui/exporter';
import { EmptyRows, ListActions, ListPage } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';
import { PageHeading } from '@/ui/FormPage';
import { codeChoices, codeLabel, formatMoney, MONEY_OPTIONS } from '@/ui/format';
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

function ProductsTab() {
  const translate = useTranslate();
  const catalogs = useCatalogChoices();
  const { editing, edit, create, close } = useEditing();
  return (
    <>
      <ListPage
        resource="products"
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.products.search')} />,
          <SelectInput key="catalogId" source="catalogId" choices={catalogs} alwaysOn label="resources.products.fields.catalogId" />,
        ]}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        rowsPerPage={[25, 50, 100]}
        actions={<ListActions create={{ label: 'resources.products.create', onClick: create }} exportAll={{ columns: exportColumns, fileName: 'prodotti' }} />}
      >
        <DataTable rowClick={(_id, _resource, record) => { edit(record); return false; }} bulkActionButtons={false} empty={<EmptyRows message="resources.products.empty" />}>
          <DataTable.Col source="code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="systemType" render={(r) => systemTypeLabel(r.systemType as string)} />
          <DataTable.Col source="unit" render={(r) => codeLabel(UNIT_LABELS, r.unit as string)} />
          <DataTable.NumberCol source="basePrice" options={MONEY_OPTIONS} locales="it-IT" />
          <DataTable.Col source="catalogIds" disableSort render={(r) => ((r.catalogIds as number[]) ?? []).map((cid) => catalogs.find((c) => c.id === cid)?.name ?? cid).join(', ')} />
          <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="products"
        editing={editing}
        onClose={close}
        title={{ create: 'resources.products.create', edit: 'resources.products.edit' }}
        resolver={resolver}
        deleteConfirm="resources.products.delete_content"
        editOnly={
          <>
            <ProductCatalogs />
            <ProductPhotos />
          </>
        }
      >
        <ProductInputs />
      </RecordDialog>
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
