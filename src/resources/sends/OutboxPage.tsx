import {
  DataTable,
  DateField,
  DateTimeInput,
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useMemo } from 'react';
import { SendsList } from './SendsList';
import type { ExportColumn } from '@/ui/exporter';
import { formatDateTime } from '@/ui/format';
import { PeriodEndInput } from '@/ui/PeriodEndInput';

const KINDS = ['password-reset', 'share-link', 'agent-report', 'signup-confirmation', 'generic'];

/** A failed scheduled run is mailed to its author with this subject. */
const FAILED = /^Invio programmato non riuscito/;

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={KINDS.map((k) => ({ id: k, name: translate(`resources.mails.kinds.${k}`) }))}
      emptyText="resources.mails.all_kinds"
    />,
    <DateTimeInput key="sentAt_gte" source="sentAt_gte" label="resources.mails.filters.from" />,
    <PeriodEndInput key="sentAt_lte" as={DateTimeInput} source="sentAt_lte" startSource="sentAt_gte" label="resources.mails.filters.to" />,
  ];
}

/**
 * The outbox: every mail the services sent, when, to whom and by whom; a failed scheduled send shows
 * as failed. Reset, confirmation and share links come with their tokens hidden by the mail service.
 */
/** The outbox's CSV: the columns of the list, the message's text last. */
function useExportColumns(): ExportColumn<RaRecord>[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      { label: 'resources.mails.fields.sentAt', value: (m) => formatDateTime(String(m.sentAt ?? '')) },
      { label: 'resources.mails.fields.to', value: (m) => String(m.to ?? '') },
      { label: 'resources.mails.fields.subject', value: (m) => String(m.subject ?? '') },
      { label: 'resources.mails.fields.kind', value: (m) => translate(`resources.mails.kinds.${String(m.kind)}`) },
      { label: 'resources.mails.fields.sentBy', value: (m) => String(m.sentBy ?? '') },
      {
        label: 'resources.mails.fields.outcome',
        value: (m) => translate(FAILED.test(String(m.subject)) ? 'resources.mails.failed' : 'resources.mails.sent'),
      },
      { label: 'resources.mails.fields.body', value: (m) => String(m.body ?? '') },
    ],
    [translate],
  );
}

export default function OutboxPage() {
  const translate = useTranslate();
  return (
    <SendsList
      resource="mails"
      title="resources.mails.title"
      filters={useFilters()}
      sort={{ field: 'sentAt', order: 'DESC' }}
      exportColumns={useExportColumns()}
      fileName="posta-in-uscita"
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<Body />} aria-label={translate('resources.mails.title')}>
        <DataTable.Col source="sentAt">
          <DateField source="sentAt" showTime locales="it-IT" />
        </DataTable.Col>
        <DataTable.Col source="to" />
        <DataTable.Col source="subject" />
        <DataTable.Col source="kind">
          <FunctionField<RaRecord> render={(m) => translate(`resources.mails.kinds.${String(m.kind)}`)} />
        </DataTable.Col>
        <DataTable.Col source="sentBy" />
        <DataTable.Col source="outcome" disableSort>
          <FunctionField<RaRecord>
            render={(m) => translate(FAILED.test(String(m.subject)) ? 'resources.mails.failed' : 'resources.mails.sent')}
          />
        </DataTable.Col>
      </DataTable>
    </SendsList>
  );
}

function Body() {
  return <TextField source="body" component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, fontFamily: 'inherit' }} />;
}
