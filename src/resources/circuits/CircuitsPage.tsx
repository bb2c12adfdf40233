import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  FunctionField,
  ReferenceField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { CircuitAssets } from './CircuitAssets';
import { CircuitDialog } from './CircuitDialog';
import { circuitTypeChoices, type Circuit, type CircuitType } from './shared';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={circuitTypeChoices} alwaysOn emptyText={<></>} />,
];

export const circuitsExportColumns: ExportColumn<Circuit>[] = [
  { label: 'resources.circuits.fields.name', value: (c) => c.name },
  { label: 'resources.circuits.fields.type', value: (c) => c.type },
  { label: 'resources.circuits.fields.assets', value: (c) => c.assets.length },
  {
    label: 'resources.circuits.fields.playlistId',
    reference: { resource: 'playlists', source: (c) => c.playlistId, text: (p) => String(p.name) },
  },
  {
    label: 'resources.circuits.fields.showId',
    reference: { resource: 'shows', source: (c) => c.showId, text: (s) => String(s.name) },
  },
];

function Actions({ onCreate }: { onCreate: () => void }) {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <ListViewButtons />
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onCreate}>
        {translate('resources.circuits.actions.create')}
      </Button>
      <ExportAllButton columns={circuitsExportColumns} fileName="circuiti" />
    </TopToolbar>
  );
}

/** The circuits of the list's type; a row opens its members below; a new one opens once created. */
function Circuits({ creating, onCreated }: { creating: boolean; onCreated: () => void }) {
  const { filterValues } = useListContext<Circuit>();
  const type: CircuitType = filterValues.type === 'DOOH' ? 'DOOH' : 'OOH';
  const [selected, setSelected] = useState<{ id: number; type: CircuitType } | null>(null);
  return (
    <>
      <DataTable
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) => {
          setSelected({ id: Number(record.id), type: record.type as CircuitType });
          return false;
        }}
        rowSx={(record) => (record.id === selected?.id ? { bgcolor: 'action.selected' } : {})}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="type" />
        <DataTable.Col source="assets">
          <FunctionField<Circuit> source="assets" render={(c) => c.assets.length} />
        </DataTable.Col>
        <DataTable.Col source="playlistId" disableSort>
          <ReferenceField source="playlistId" reference="playlists" link={false} emptyText="—">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="showId" disableSort>
          <ReferenceField source="showId" reference="shows" link={false} emptyText="—">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
      </DataTable>
      {selected ? (
        <CircuitAssets key={selected.id} id={selected.id} type={selected.type} onDeleted={() => setSelected(null)} />
      ) : null}
      <CircuitDialog
        open={creating}
        type={type}
        onClose={onCreated}
        onCreated={(c) => {
          onCreated();
          setSelected({ id: c.id, type: c.type });
        }}
      />
    </>
  );
}

/** /circuit-manage/manage: the circuits of one type, searchable and sorted; their members; create, rename, delete. */
export default function CircuitsPage() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListPage
        heading={translate('resources.circuits.name', { smart_count: 2 })}
        resource="circuits"
        filters={filters}
        filterDefaultValues={{ type: 'OOH' }}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<Actions onCreate={() => setCreating(true)} />}
      >
        <Circuits creating={creating} onCreated={() => setCreating(false)} />
      </ListPage>
    </>
  );
}
