import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import {
  AutocompleteInput,
  CreateBase,
  DateInput,
  EditBase,
  Link,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useEditContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { SchemaSalesPerson } from '@/api/generated/estimate';
import { estimatesDataProvider } from '@/dataProviders/estimates';
import { EstimateView } from '@/pages/shared/EstimateView';
import { useNotifyError } from '@/resources/advertisers/notify';
import { EstimateLines, TotalsPreview } from './EstimateLines';
import { EstimateSidePanel } from './EstimateSidePanel';
import { ESTIMATES_PATH, estimateEditorPath } from './paths';

function useSalesChoices() {
  const [choices, setChoices] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    let alive = true;
    estimatesDataProvider
      .salesPeople()
      .then((people: SchemaSalesPerson[]) => alive && setChoices(people.map((p) => ({ id: p.id, name: `${p.name} ${p.surname}`.trim() }))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return choices;
}

/** Choosing an opportunity on a new estimate fills in its advertiser and sales person (and a name). */
function OpportunityDefaults() {
  const dataProvider = useDataProvider();
  const { setValue, getValues } = useFormContext();
  const opportunityId = useWatch({ name: 'opportunityId' }) as number | undefined;
  useEffect(() => {
    if (!opportunityId) return;
    let alive = true;
    dataProvider
      .getOne('opportunities', { id: opportunityId })
      .then(({ data }) => {
        if (!alive) return;
        setValue('advertiserId', data.advertiserId, { shouldDirty: true });
        setValue('salesId', data.salesId, { shouldDirty: true });
        if (!getValues('name')) setValue('name', `Preventivo ${String(data.name)}`, { shouldDirty: true });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [opportunityId, dataProvider, setValue, getValues]);
  return null;
}

function HeaderInputs({ isNew }: { isNew: boolean }) {
  const sales = useSalesChoices();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      {isNew ? <OpportunityDefaults /> : null}
      <ReferenceInput source="opportunityId" reference="opportunities" sort={{ field: 'createdAt', order: 'DESC' }}>
        <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} validate={required()} label="resources.estimates.fields.opportunityId" />
      </ReferenceInput>
      <ReferenceInput source="advertiserId" reference="advertisers" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} validate={required()} label="resources.estimates.fields.advertiserId" />
      </ReferenceInput>
      <SelectInput source="salesId" choices={sales} validate={required()} label="resources.estimates.fields.salesId" />
      <TextInput source="name" validate={required()} label="resources.estimates.fields.name" />
      <DateInput source="validUntil" label="resources.estimates.fields.validUntil" />
      <TextInput source="notes" multiline label="resources.estimates.fields.notes" />
    </Box>
  );
}

function EditBody() {
  const { record, isPending, error } = useEditContext();
  const translate = useTranslate();
  if (error) return <Alert severity="error">{error instanceof Error ? error.message : translate('ra.notification.http_error')}</Alert>;
  if (isPending || !record) return null;
  const draft = record.status === 'draft';
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate('resources.estimates.edit_title', { id: String(record.id), name: String(record.name) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', lg: 'nowrap' } }}>
        <Card sx={{ flex: 1, minWidth: 0 }}>
          <CardContent>
            {draft ? (
              <AppSimpleForm>
                <HeaderInputs isNew={false} />
                <EstimateLines />
                <TotalsPreview />
              </AppSimpleForm>
            ) : (
              <>
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('resources.estimates.read_only', { status: translate(`resources.estimates.status.${String(record.status)}`) })}
                </Alert>
                <EstimateView estimate={record} />
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <EstimateSidePanel />
          </CardContent>
        </Card>
      </Box>
    </>
  );
}

/** The editor of a saved estimate (/estimates/manage?id=…). */
export function EstimateEdit({ id }: { id: number }) {
  const notifyError = useNotifyError();
  const translate = useTranslate();
  return (
    <>
      <Link to={ESTIMATES_PATH}>{translate('resources.estimates.back')}</Link>
      <EditBase
        resource="estimates"
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onError: (e: unknown) => notifyError(e) }}
        queryOptions={{ onError: (e: unknown) => notifyError(e) }}
      >
        <EditBody />
      </EditBase>
    </>
  );
}

/** A new estimate (/estimates/manage?create[&opportunityId=…]); saved, it opens in its editor. */
export function EstimateCreate({ opportunityId }: { opportunityId?: number }) {
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  return (
    <>
      <Link to={ESTIMATES_PATH}>{translate('resources.estimates.back')}</Link>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate('resources.estimates.create')}
      </Typography>
      <Card>
        <CardContent>
          <CreateBase
            resource="estimates"
            redirect={false}
            record={{ opportunityId, lines: [] }}
            mutationOptions={{
              onSuccess: (data: RaRecord) => navigate(estimateEditorPath(data.id)),
              onError: (e: unknown) => notifyError(e),
            }}
          >
            <AppSimpleForm>
              <HeaderInputs isNew />
              <EstimateLines />
              <TotalsPreview />
            </AppSimpleForm>
          </CreateBase>
        </CardContent>
      </Card>
    </>
  );
}
