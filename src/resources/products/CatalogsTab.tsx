import { Box } from '@mui/material';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  DataTable,
  DateInput,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxValue,
  minValue,
  required,
  useGetList,
  useTranslate,
} from 'react-admin';
import type { SchemaProduct } from '@/api/generated/product';
import { EmptyRows, ListActions, ListPage, DateText } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';

function validity(values: Record<string, unknown>) {
  const errors = seasonDays(values);
  if (values.validFrom && values.validTo && String(values.validTo) < String(values.validFrom)) {
    return { ...errors, validTo: 'resources.catalogs.errors.valid_to' };
  }
  return errors;
}

/** Each season's last day on or after its first. */
function seasonDays(values: Record<string, unknown>) {
  const errors: Record<string, unknown> = {};
  const seasons = Array.isArray(values.seasons) ? (values.seasons as Array<{ from?: string; to?: string }>) : [];
  seasons.forEach((s, i) => {
    if (s?.from && s?.to && s.to < s.from) errors[`seasons.${i}.to`] = 'resources.catalogs.errors.season_to';
  });
  return errors;
}

function CatalogInputs() {
  const { data } = useGetList<SchemaProduct>('products', { pagination: { page: 1, perPage: 10000 }, sort: { field: 'name', order: 'ASC' } });
  const products = (data ?? []).map((p) => ({ id: p.id, name: `${p.code} · ${p.name}` }));
  const circuits = useGetList<{ id: number; name: string }>('circuits', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const circuitChoices = (circuits.data ?? []).map((c) => ({ id: c.id, name: c.name }));
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
        <ArrayInput source="seasons" label="resources.catalogs.fields.seasons">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="name" validate={required()} label="resources.catalogs.fields.seasonName" />
            <DateInput source="from" validate={required()} label="resources.catalogs.fields.seasonFrom" />
            <DateInput source="to" validate={required()} label="resources.catalogs.fields.seasonTo" />
            <NumberInput source="percent" validate={[required(), minValue(-100), maxValue(500)]} label="resources.catalogs.fields.percent" />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="packages" label="resources.catalogs.fields.packages">
          <SimpleFormIterator inline disableReordering>
            <SelectInput source="circuitId" choices={circuitChoices} validate={required()} label="resources.catalogs.fields.circuitId" />
            <NumberInput source="price" validate={[required(), minValue(0)]} label="resources.catalogs.fields.packagePrice" />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </Box>
  );
}

/** The price lists tab of /estimates/products: list, create, edit (prices per product, seasons, circuit packages) and delete. */
export function CatalogsTab() {
  const translate = useTranslate();
  const { editing, edit, create, close } = useEditing();
  return (
    <>
      <ListPage
        resource="catalogs"
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.catalogs.search')} />]}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<ListActions create={{ label: 'resources.catalogs.create', onClick: create }} />}
      >
        <DataTable rowClick={(_id, _resource, record) => { edit(record); return false; }} bulkActionButtons={false} empty={<EmptyRows message="resources.catalogs.empty" />}>
          <DataTable.Col source="name" />
          <DataTable.Col source="validFrom" field={DateText} />
          <DataTable.Col source="validTo" field={DateText} />
          <DataTable.Col source="prices" disableSort render={(r) => String(((r.prices as unknown[]) ?? []).length)} />
          <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="catalogs"
        editing={editing}
        onClose={close}
        title={{ create: 'resources.catalogs.create', edit: 'resources.catalogs.edit' }}
        validate={validity}
        record={{ currency: 'EUR', active: true, prices: [], seasons: [], packages: [] }}
        deleteConfirm="resources.catalogs.delete_content"
      >
        <CatalogInputs />
      </RecordDialog>
    </>
  );
}
