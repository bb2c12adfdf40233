import { useState } from 'react';
import { Box, Button, DialogContent, DialogTitle, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  CreateBase,
  DataTable,
  DateField,
  DateInput,
  DeleteWithConfirmButton,
  EditBase,
  List,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  TopToolbar,
  minValue,
  required,
  useGetList,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import type { SchemaProduct } from '@/api/generated/product';
import { useFailure } from '@/ui/useFailure';

function validity(values: Record<string, unknown>) {
  if (values.validFrom && values.validTo && String(values.validTo) < String(values.validFrom)) {
    return { validTo: 'resources.catalogs.errors.valid_to' };
  }
  return {};
}

function CatalogInputs() {
  const { data } = useGetList<SchemaProduct>('products', { pagination: { page: 1, perPage: 10000 }, sort: { field: 'name', order: 'ASC' } });
  const products = (data ?? []).map((p) => ({ id: p.id, name: `${p.code} · ${p.name}` }));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="name" validate={required()} />
      <BooleanInput source="active" defaultValue />
      <DateInput source="validFrom" validate={required()} />
      <DateInput source="validTo" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="description" multiline fullWidth />
        <ArrayInput source="prices">
          <SimpleFormIterator inline disableReordering>
            <SelectInput source="productId" choices={products} validate={required()} label="resources.catalogs.fields.productId" />
            <NumberInput source="price" validate={[required(), minValue(0)]} label="resources.catalogs.fields.price" />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </Box>
  );
}

function CatalogDialog({ id, open, onClose }: { id?: number; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const onError = useFailure();
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="catalog-dialog-title">
      <DialogTitle id="catalog-dialog-title">{translate(id ? 'resources.catalogs.edit' : 'resources.catalogs.create')}</DialogTitle>
      <DialogContent>
        {id ? (
          <EditBase resource="catalogs" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }}>
            <AppSimpleForm
              validate={validity}
              toolbar={
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <SaveButton />
                  <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }} confirmContent="resources.catalogs.delete_content" />
                </Toolbar>
              }
            >
              <CatalogInputs />
            </AppSimpleForm>
          </EditBase>
        ) : (
          <CreateBase resource="catalogs" redirect={false} record={{ currency: 'EUR', active: true, prices: [] }} mutationOptions={{ onSuccess: onClose, onError }}>
            <AppSimpleForm validate={validity}>
              <CatalogInputs />
            </AppSimpleForm>
          </CreateBase>
        )}
      </DialogContent>
    </FormDialog>
  );
}

/** The price lists tab of /estimates/products: list, create, edit (prices per product) and delete. */
export function CatalogsTab() {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<{ id?: number } | undefined>();
  return (
    <>
      <List
        resource="catalogs"
        title={translate('resources.catalogs.name', { smart_count: 2 })}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.catalogs.search')} />]}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<AddIcon />} onClick={() => setDialog({})}>{translate('resources.catalogs.create')}</Button>
          </TopToolbar>
        }
      >
        <DataTable rowClick={(id) => { setDialog({ id: Number(id) }); return false; }} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.catalogs.empty')}</Typography>}>
          <DataTable.Col source="name" />
          <DataTable.Col source="validFrom">
            <DateField source="validFrom" locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col source="validTo">
            <DateField source="validTo" locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col source="prices" disableSort render={(r) => String(((r.prices as unknown[]) ?? []).length)} />
          <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
      </List>
      <CatalogDialog key={dialog?.id ?? 'new'} id={dialog?.id} open={Boolean(dialog)} onClose={() => setDialog(undefined)} />
    </>
  );
}
