import { useEffect } from 'react';
import { Alert, Box, Card, CardContent } from '@mui/material';
import {
  AutocompleteInput,
  CreateBase,
  DateInput,
  EditBase,
  Link,
  ReferenceInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useEditContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { EstimateView } from '@/pages/shared/EstimateView';
import { FormPage, PageHeading } from '@/ui/FormPage';
import { codeLabel } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { EstimateLines, TotalsPreview } from './EstimateLines';
import { EstimateSidePanel } from './EstimateSidePanel';
import { EstimateOptions } from './EstimateFaces';
import { ESTIMATES_PATH, estimateEditorPath } from '@/ui/estimatePaths';
import { estimateSchema, STATUS_LABELS, type Estimate } from './shared';

const resolver = schemaResolver(estimateSchema);

function useSalesChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['estimates', 'estimateSalesPeople'],
    queryFn: () => dataProvider.estimateSalesPeople('estimates'),
  });
  return (data ?? []).map((p) => ({ id: p.id, name: `${p.name} ${p.surname}`.trim() }));
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

/** The estimate's own fields; validation is the form's resolver (shared.ts). */
function EstimateInputs({ isNew }: { isNew: boolean }) {
  const sales = useSalesChoices();
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 2,
          width: '100%',
        }}
      >
        {isNew ? <OpportunityDefaults /> : null}
        <ReferenceInput
          source="opportunityId"
          reference="opportunities"
          sort={{ field: 'createdAt', order: 'DESC' }}
        >
          <AutocompleteInput label="resources.estimates.fields.opportunityId" />
        </ReferenceInput>
        <ReferenceInput source="advertiserId" reference="advertisers" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput label="resources.estimates.fields.advertiserId" />
        </ReferenceInput>
        <SelectInput source="salesId" choices={sales} label="resources.estimates.fields.salesId" />
        <TextInput source="name" label="resources.estimates.fields.name" />
        <DateInput source="validUntil" label="resources.estimates.fields.validUntil" />
        <TextInput source="notes" multiline label="resources.estimates.fields.notes" />
      </Box>
      <EstimateLines />
      <TotalsPreview />
    </>
  );
}

function EditBody() {
  const { record, isPending, error } = useEditContext<Estimate>();
  const translate = useTranslate();
  if (error)
    return (
      <Alert severity="error">
        {error instanceof Error ? error.message : translate('ra.notification.http_error')}
      </Alert>
    );
  if (isPending || !record) return null;
  const draft = record.status === 'draft';
  return (
    <>
      <PageHeading
        title={translate('resources.estimates.edit_title', { id: String(record.id), name: record.name })}
      />
      {/* The side panel goes below the form up to wide screens: at 1280 px the lines need the width. */}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', xl: 'nowrap' } }}>
        <Card sx={{ flex: '1 1 640px', minWidth: 0 }}>
          <CardContent>
            {draft ? (
              <AppSimpleForm resolver={resolver} sx={{ p: 0 }}>
                <EstimateInputs isNew={false} />
              </AppSimpleForm>
            ) : (
              <>
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('resources.estimates.read_only', {
                    status: codeLabel(STATUS_LABELS, record.status),
                  })}
                </Alert>
                <EstimateView estimate={record} />
              </>
            )}
          </CardContent>
        </Card>
        <Card sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <CardContent>
            <EstimateSidePanel />
            <Box sx={{ mt: 2 }}>
              <EstimateOptions estimate={record} />
            </Box>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}

/** The editor of a saved estimate (/estimates/manage?id=…); only a draft is editable. */
export function EstimateEdit({ id }: { id: number }) {
  const failure = useFailure();
  const translate = useTranslate();
  return (
    <>
      <Link to={ESTIMATES_PATH}>{translate('resources.estimates.back')}</Link>
      <EditBase
        resource="estimates"
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={{ onError: failure }}
      >
        <EditBody />
      </EditBase>
    </>
  );
}

/** A new estimate (/estimates/manage?create[&opportunityId=…]); saved, it opens in its editor. */
export function EstimateCreate({ opportunityId }: { opportunityId?: number }) {
  const navigate = useNavigate();
  const translate = useTranslate();
  return (
    <>
      <Link to={ESTIMATES_PATH}>{translate('resources.estimates.back')}</Link>
      <CreateBase
        resource="estimates"
        redirect={false}
        record={{ opportunityId, lines: [] }}
        mutationOptions={{
          onSuccess: (data: RaRecord) => navigate(estimateEditorPath(data.id)),
        }}
      >
        <FormPage title={translate('resources.estimates.create')} resolver={resolver}>
          <EstimateInputs isNew />
        </FormPage>
      </CreateBase>
    </>
  );
}
