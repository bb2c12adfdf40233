import { useEffect, useState } from 'react';
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
  NumberField,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  TextInput,
  Toolbar,
  TopToolbar,
  minValue,
  regex,
  required,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { useSearchParams } from 'react-router-dom';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import { productsDataProvider } from '@/dataProviders/products';
import { AppPagination } from '@/layout/Pagination';
import { useNotifyError } from '@/resources/advertisers/notify';
import { CatalogsTab } from '@/resources/catalogs/CatalogsTab';
import { euro } from '@/pages/shared/EstimateView';
import { ProductPhotos } from './ProductPhotos';

const SYSTEM_TYPES = ['alux', 'customdooh', 'posterdooh', 'totem', 'customooh', 'autobus', 'butterfly', 'cassonetto', 'fioriera', 'palina', 'paloluce', 'parapedonale', 'pensilina', 'plancia', 'poster', 'rotor', 'stendardo', 'telo', 'tiny-markers'];
const UNITS = ['week', 'day', 'slot'];

function useCatalogChoices() {
  const { data } = useGetList<SchemaCatalog & { id: number }>('catalogs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  return (data ?? []).map((c) => ({ id: c.id, name: c.name }));
}

function ProductCatalogs() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [catalogs, setCatalogs] = useState<SchemaCatalog[]>();
  useEffect(() => {
    if (!record?.id) return;
    productsDataProvider.catalogsOf(Number(record.id)).then(setCatalogs).catch(() => setCatalogs([]));
  }, [record?.id, record?.catalogIds]);
  if (!record?.id) return null;
  return (
    <Box component="section" sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h2">{translate('resources.products.catalogs_of')}</Typography>
      {catalogs?.length ? (
        <ul>
          {catalogs.map((c) => (
            <li key={c.id}>{`${c.name}: ${euro(c.prices.find((p) => p.productId === Number(record.id))?.price)}`}</li>
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
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="code" validate={[required(), regex(/^[A-Z0-9][A-Z0-9-]{1,29}$/, 'resources.products.errors.code')]} parse={(v: string) => v?.toUpperCase()} />
      <TextInput source="name" validate={required()} />
      <SelectInput source="systemType" choices={SYSTEM_TYPES.map((s) => ({ id: s, name: s }))} />
      <TextInput source="format" />
      <SelectInput source="unit" choices={UNITS.map((u) => ({ id: u, name: translate(`resources.products.units.${u}`) }))} validate={required()} />
      <NumberInput source="basePrice" validate={[required(), minValue(0)]} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="description" multiline fullWidth />
        <BooleanInput source="active" defaultValue />
        <CheckboxGroupInput source="catalogIds" choices={catalogs} />
      </Box>
    </Box>
  );
}

function ProductDialog({ id, open, onClose }: { id?: number; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const onError = (e: unknown) => notifyError(e);
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="product-dialog-title">
      <DialogTitle id="product-dialog-title">{translate(id ? 'resources.products.edit' : 'resources.products.create')}</DialogTitle>
      <DialogContent>
        {id ? (
          <EditBase resource="products" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }}>
            <AppSimpleForm
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
            <AppSimpleForm>
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
        title={translate('resources.products.name', { smart_count: 2 })}
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
          </TopToolbar>
        }
      >
        <DataTable rowClick={(id) => { setDialog({ id: Number(id) }); return false; }} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.products.empty')}</Typography>}>
          <DataTable.Col source="code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="systemType" />
          <DataTable.Col source="unit" render={(r) => translate(`resources.products.units.${String(r.unit)}`)} />
          <DataTable.Col source="basePrice">
            <NumberField source="basePrice" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" />
          </DataTable.Col>
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
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate(tab ? 'resources.catalogs.name' : 'resources.products.name', { smart_count: 2 })}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setParams(v ? new URLSearchParams('catalogs') : new URLSearchParams())} aria-label={translate('resources.products.tabs_label')}>
        <Tab label={translate('resources.products.name', { smart_count: 2 })} />
        <Tab label={translate('resources.catalogs.name', { smart_count: 2 })} />
      </Tabs>
      {tab ? <CatalogsTab /> : <ProductsTab />}
    </>
  );
}
