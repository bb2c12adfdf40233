import { useEffect, useState, type FormEvent } from 'react';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import PlaceIcon from '@mui/icons-material/Place';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { geoApi } from '@/api/geo';
import { ApiError, callOrThrow } from '@/api/http';
import { createSystemBody } from '@/api/generated/systems.zod';
import type { System, SystemInput, SystemKind } from '@/api/systems';
import { getRuntimeConfig } from '@/config/environment';
import { systemInputOf, systemsDataProvider as dp } from '@/dataProviders/systems';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { errorText, STATUSES, typesFor, useLookups, useT, useSay } from './shared';

export interface FormValues {
  code: string;
  name: string;
  type: SystemKind;
  systemType: string;
  status: string;
  sizeIds: number[];
  address: string;
  region: string;
  province: string; // code (sigla)
  provinceName: string;
  municipalityId: string;
  zipCode: string;
  latitude: string;
  longitude: string;
  leaseId: string;
  areaId: string;
  authorizationIds: number[];
  mediaOwnerIds: number[];
  domains: string[];
  illuminated: boolean;
  faces: string;
  notes: string;
}

const EMPTY: FormValues = {
  code: '',
  name: '',
  type: 'OOH',
  systemType: '',
  status: 'initialized',
  sizeIds: [],
  address: '',
  region: '',
  province: '',
  provinceName: '',
  municipalityId: '',
  zipCode: '',
  latitude: '',
  longitude: '',
  leaseId: '',
  areaId: '',
  authorizationIds: [],
  mediaOwnerIds: [],
  domains: [],
  illuminated: false,
  faces: '1',
  notes: '',
};

function valuesOf(s: System): FormValues {
  return {
    code: s.code,
    name: s.name,
    type: s.type,
    systemType: s.systemType,
    status: s.status,
    sizeIds: s.sizes.map((z) => z.sizeId),
    address: s.address,
    region: s.region,
    province: '',
    provinceName: s.province,
    municipalityId: s.municipality.istatCode,
    zipCode: s.zipCode ?? '',
    latitude: String(s.latitude),
    longitude: String(s.longitude),
    leaseId: s.lease ? String(s.lease.id) : '',
    areaId: s.area ? String(s.area.id) : '',
    authorizationIds: s.authorizations.map((a) => a.id),
    mediaOwnerIds: s.mediaOwners.map((m) => m.id),
    domains: s.domains,
    illuminated: s.illuminated,
    faces: String(s.faces),
    notes: s.notes ?? '',
  };
}

/** The SystemInput the form sends. */
export function inputOf(v: FormValues, region?: string): SystemInput {
  return systemInputOf({
    code: v.code,
    name: v.name,
    type: v.type,
    systemType: v.systemType,
    status: v.status,
    address: v.address,
    region: region ?? v.region,
    province: v.provinceName,
    municipalityId: v.municipalityId,
    zipCode: v.zipCode,
    latitude: v.latitude,
    longitude: v.longitude,
    leaseId: v.leaseId,
    areaId: v.areaId,
    authorizationIds: v.authorizationIds,
    mediaOwnerIds: v.mediaOwnerIds,
    domains: v.domains,
    illuminated: v.illuminated,
    faces: v.faces,
    notes: v.notes,
    sizes: v.sizeIds.map((sizeId) => ({ sizeId })),
  });
}

/** Zod issues of the document's SystemInput schema → Italian messages per field. */
export function validate(input: SystemInput, t: (k: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = createSystemBody.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      if (errors[field]) continue;
      const required =
        issue.code === 'invalid_type' && (issue as { received?: string }).received === 'undefined';
      errors[field] = t(
        required ||
          (issue.code === 'too_small' && typeof (input as Record<string, unknown>)[field] === 'string')
          ? 'validation.required'
          : issue.code === 'too_small'
            ? 'validation.too_small'
            : issue.code === 'too_big'
              ? 'validation.too_big'
              : issue.code === 'invalid_string'
                ? 'validation.format'
                : issue.code === 'invalid_enum_value'
                  ? 'validation.enum'
                  : 'validation.invalid',
      );
    }
  }
  if (input.type === 'DOOH' && input.systemType && !typesFor('DOOH').includes(input.systemType))
    errors.systemType = t('validation.dooh_type');
  return errors;
}

const pin = L.divIcon({
  className: 'system-pin',
  html: '<div style="width:18px;height:18px;border-radius:50%;background:#0a3f8a;border:3px solid #fff;box-shadow:0 0 4px #000"></div>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

function Recenter({ at }: { at: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    map.setView(at, Math.max(map.getZoom(), 15));
  }, [map, at]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** The position: a draggable pin (click on the map moves it too). Tiles only when configured. */
function PinMap({
  lat,
  lng,
  onMove,
}: {
  lat?: number;
  lng?: number;
  onMove: (lat: number, lng: number) => void;
}) {
  const t = useT();
  const tileUrl = getRuntimeConfig().tileUrl;
  const at: [number, number] | undefined =
    lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng)
      ? [lat, lng]
      : undefined;
  const center: [number, number] = at ?? [42.5, 12.5];
  return (
    <Box
      sx={{ height: 300, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#e8eef5' }}
      aria-label={t('form.map')}
      data-testid="system-form-map"
    >
      <MapContainer center={center} zoom={at ? 15 : 5} style={{ height: '100%', width: '100%' }}>
        {tileUrl ? <TileLayer url={tileUrl} /> : null}
        {at ? (
          <>
            <Recenter at={at} />
            <Marker
              position={at}
              icon={pin}
              draggable
              keyboard
              title={t('form.pin')}
              eventHandlers={{
                dragend: (e) => {
                  const p = (e.target as L.Marker).getLatLng();
                  onMove(p.lat, p.lng);
                },
              }}
            />
          </>
        ) : null}
        <ClickToPlace onPlace={onMove} />
      </MapContainer>
    </Box>
  );
}

interface GeoOption {
  code: string;
  name: string;
}

/** /systems-manage/manage/new and /systems-manage/:id/edit. */
export default function SystemForm() {
  const t = useT();
  const notify = useSay();
  const navigate = useNavigate();
  const { id } = useParams();
  const editing = id !== undefined;
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [geocoding, setGeocoding] = useState(false);
  const [sizes, setSizes] = useState<{ id: number; name: string }[]>([]);
  const [regions, setRegions] = useState<GeoOption[]>([]);
  const [provinceList, setProvinces] = useState<GeoOption[]>([]);
  const [municipalityList, setMunicipalities] = useState<{ istatCode: string; name: string }[]>([]);
  const [zipList, setZips] = useState<string[]>([]);
  const [preview, setPreview] = useState<string>();
  const { lookups } = useLookups(true);
  // The cascade: a level shows only while the level above is chosen.
  const provinces = values.region ? provinceList : [];
  const municipalities = values.province ? municipalityList : [];
  const zips = values.municipalityId ? zipList : [];
  // Only the person's changes make the form dirty (the cascade's own fills do not).
  const [dirty, setDirty] = useState(false);
  const { guard, release } = useUnsavedChangesGuard(dirty);
  const set = (patch: Partial<FormValues>) => {
    setDirty(true);
    setValues((v) => ({ ...v, ...patch }));
  };

  useEffect(() => {
    if (!editing) return;
    dp.getOne('systems', { id: id! })
      .then(({ data }) => setValues(valuesOf(data as unknown as System)))
      .catch((e: unknown) => setLoadError(errorText(e)))
      .finally(() => setLoading(false));
  }, [editing, id]);

  useEffect(() => {
    callOrThrow(geoApi().GET('/georegistry/getRegions'))
      .then((r) => setRegions(r as GeoOption[]))
      .catch((e: unknown) => notify(errorText(e), 'error'));
  }, [notify]);

  useEffect(() => {
    dp.sizes(values.type)
      .then((s) => setSizes(s))
      .catch(() => setSizes([]));
  }, [values.type]);

  useEffect(() => {
    if (!values.region) return;
    callOrThrow(
      geoApi().GET('/georegistry/getProvinceByRegion', { params: { query: { region: values.region } } }),
    )
      .then((r) => {
        const list = r as GeoOption[];
        setProvinces(list);
        // Editing: the system knows the province by name; find its code.
        setValues((v) =>
          !v.province && v.provinceName
            ? { ...v, province: list.find((p) => p.name === v.provinceName)?.code ?? '' }
            : v,
        );
      })
      .catch(() => setProvinces([]));
  }, [values.region]);

  useEffect(() => {
    if (!values.province) return;
    callOrThrow(
      geoApi().GET('/georegistry/getMunicipalityByProvince', {
        params: { query: { province: values.province } },
      }),
    )
      .then((r) => setMunicipalities(r as { istatCode: string; name: string }[]))
      .catch(() => setMunicipalities([]));
    if (!editing)
      dp.previewId(values.province)
        .then((p) => setPreview(p.previewId))
        .catch(() => setPreview(undefined));
  }, [values.province, editing]);

  useEffect(() => {
    if (!values.municipalityId) return;
    callOrThrow(
      geoApi().GET('/georegistry/getZipCodeByMunicipalityIstatCode', {
        params: { query: { municipalityIstatCode: values.municipalityId } },
      }),
    )
      .then((r) => {
        const list = r as string[];
        setZips(list);
        setValues((v) => (v.zipCode && list.includes(v.zipCode) ? v : { ...v, zipCode: list[0] ?? '' }));
      })
      .catch(() => setZips([]));
  }, [values.municipalityId]);

  const municipalityName = municipalities.find((m) => m.istatCode === values.municipalityId)?.name ?? '';

  const geocode = async () => {
    if (!values.address.trim()) {
      setErrors((e) => ({ ...e, address: t('validation.required') }));
      return;
    }
    setGeocoding(true);
    try {
      const query = [values.address, values.zipCode, municipalityName, values.province]
        .filter(Boolean)
        .join(', ');
      const found = await dp.geocode(query);
      if (!found.length) notify(t('form.geocode_none'), 'warning');
      else set({ latitude: String(found[0].latitude), longitude: String(found[0].longitude) });
    } catch (e) {
      notify(errorText(e), 'error');
    } finally {
      setGeocoding(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = inputOf(values);
    const found = validate(input, t);
    setErrors(found);
    if (Object.keys(found).length) {
      notify(t('form.invalid'), 'error');
      return;
    }
    setSaving(true);
    try {
      const saved = editing
        ? (await dp.update('systems', { id: id!, data: input as never, previousData: {} as never })).data
        : (await dp.create('systems', { data: input as never })).data;
      notify(t(editing ? 'form.updated' : 'form.created', { code: (saved as System).code }), 'success');
      release();
      navigate(`/systems-manage/${(saved as System).id}`);
    } catch (err) {
      // The values stay; the service's message goes to the field it names, and to a notification.
      if (err instanceof ApiError) {
        const body = err.body as { errors?: { path?: string; message?: string }[] } | undefined;
        const fieldErrors: Record<string, string> = {};
        for (const x of body?.errors ?? []) {
          const field = x.path?.split('/').filter(Boolean).pop();
          if (field) fieldErrors[field] = x.message ?? err.message;
        }
        if (err.status === 409) fieldErrors.code = err.message;
        setErrors(fieldErrors);
      }
      notify(errorText(err), 'error');
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? t('form.edit_title', { code: values.code }) : t('form.create_title');
  if (loading) return <CircularProgress aria-label={t('list.loading')} sx={{ m: 4 }} />;
  if (loadError)
    return (
      <Alert severity="error" sx={{ my: 2 }}>
        {t('detail.error', { message: loadError })}
      </Alert>
    );
  const err = (f: string) => ({ error: Boolean(errors[f]), helperText: errors[f] });
  const lat = values.latitude === '' ? undefined : Number(values.latitude);
  const lng = values.longitude === '' ? undefined : Number(values.longitude);

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ py: 2 }} aria-label={title}>
      {guard}
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('fields.type')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={values.type}
              onChange={(_e, v: SystemKind | null) =>
                v &&
                set({
                  type: v,
                  systemType: typesFor(v).includes(values.systemType) ? values.systemType : '',
                  sizeIds: [],
                })
              }
              aria-label={t('fields.type')}
            >
              <ToggleButton value="OOH">OOH</ToggleButton>
              <ToggleButton value="DOOH">DOOH</ToggleButton>
            </ToggleButtonGroup>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              fullWidth
              required
              label={t('fields.systemType')}
              value={values.systemType}
              onChange={(e) => set({ systemType: e.target.value })}
              {...err('systemType')}
              slotProps={{ select: { inputProps: { 'data-testid': 'systemType' } } }}
            >
              {typesFor(values.type).map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`systemTypes.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              fullWidth
              label={t('fields.status')}
              value={values.status}
              onChange={(e) => set({ status: e.target.value })}
            >
              {STATUSES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`statuses.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              fullWidth
              required
              label={t('fields.name')}
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
              {...err('name')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              fullWidth
              label={t('fields.code')}
              value={values.code}
              onChange={(e) => set({ code: e.target.value.toUpperCase() })}
              error={Boolean(errors.code)}
              helperText={
                errors.code ??
                (preview && !values.code ? t('form.code_preview', { code: preview }) : t('form.code_help'))
              }
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <Autocomplete
              multiple
              options={sizes}
              value={sizes.filter((s) => values.sizeIds.includes(s.id))}
              getOptionLabel={(s) => s.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => set({ sizeIds: v.map((s) => s.id) })}
              renderInput={(params) => <TextField {...params} label={t('fields.sizes')} {...err('sizes')} />}
            />
          </Grid>

          <Grid size={{ xs: 12 }}>
            <Typography variant="subtitle1">{t('form.position')}</Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              select
              fullWidth
              required
              label={t('fields.region')}
              value={regions.some((r) => r.name === values.region) ? values.region : ''}
              onChange={(e) =>
                set({
                  region: e.target.value,
                  province: '',
                  provinceName: '',
                  municipalityId: '',
                  zipCode: '',
                })
              }
              slotProps={{ select: { inputProps: { 'data-testid': 'region' } } }}
            >
              {regions.map((r) => (
                <MenuItem key={r.code} value={r.name}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              select
              fullWidth
              required
              disabled={!provinces.length}
              label={t('fields.province')}
              value={provinces.some((p) => p.code === values.province) ? values.province : ''}
              onChange={(e) =>
                set({
                  province: e.target.value,
                  provinceName: provinces.find((p) => p.code === e.target.value)?.name ?? '',
                  municipalityId: '',
                  zipCode: '',
                })
              }
              slotProps={{ select: { inputProps: { 'data-testid': 'province' } } }}
            >
              {provinces.map((p) => (
                <MenuItem key={p.code} value={p.code}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Autocomplete
              disabled={!municipalities.length}
              options={municipalities}
              value={municipalities.find((m) => m.istatCode === values.municipalityId) ?? null}
              getOptionLabel={(m) => m.name}
              isOptionEqualToValue={(a, b) => a.istatCode === b.istatCode}
              onChange={(_e, m) => set({ municipalityId: m?.istatCode ?? '', zipCode: '' })}
              renderInput={(params) => (
                <TextField {...params} required label={t('fields.municipality')} {...err('municipalityId')} />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              select
              fullWidth
              disabled={!zips.length}
              label={t('fields.zipCode')}
              value={zips.includes(values.zipCode) ? values.zipCode : ''}
              onChange={(e) => set({ zipCode: e.target.value })}
              {...err('zipCode')}
            >
              {zips.map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              required
              label={t('fields.address')}
              value={values.address}
              onChange={(e) => set({ address: e.target.value })}
              {...err('address')}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 2 }}>
            <Button
              fullWidth
              variant="outlined"
              startIcon={geocoding ? <CircularProgress size={16} /> : <PlaceIcon />}
              onClick={() => void geocode()}
              disabled={geocoding}
              sx={{ height: 56 }}
            >
              {t('form.geocode')}
            </Button>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField
              fullWidth
              required
              type="number"
              label={t('fields.latitude')}
              value={values.latitude}
              onChange={(e) => set({ latitude: e.target.value })}
              {...err('latitude')}
              slotProps={{ htmlInput: { step: 'any' } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField
              fullWidth
              required
              type="number"
              label={t('fields.longitude')}
              value={values.longitude}
              onChange={(e) => set({ longitude: e.target.value })}
              {...err('longitude')}
              slotProps={{ htmlInput: { step: 'any' } }}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <PinMap
              lat={lat}
              lng={lng}
              onMove={(a, b) => set({ latitude: a.toFixed(6), longitude: b.toFixed(6) })}
            />
          </Grid>

          <Grid size={{ xs: 12 }}>
            <Typography variant="subtitle1">{t('form.contracts')}</Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              fullWidth
              label={t('fields.lease')}
              value={values.leaseId}
              onChange={(e) => set({ leaseId: e.target.value })}
            >
              <MenuItem value="">{t('form.none')}</MenuItem>
              {(lookups?.leases ?? []).map((l) => (
                <MenuItem key={l.id} value={String(l.id)}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              fullWidth
              label={t('fields.area')}
              value={values.areaId}
              onChange={(e) => set({ areaId: e.target.value })}
              {...err('areaId')}
            >
              <MenuItem value="">{t('form.none')}</MenuItem>
              {(lookups?.areas ?? []).map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Autocomplete
              multiple
              options={lookups?.mediaOwners ?? []}
              value={(lookups?.mediaOwners ?? []).filter((m) => values.mediaOwnerIds.includes(m.id))}
              getOptionLabel={(m) => m.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => set({ mediaOwnerIds: v.map((m) => m.id) })}
              renderInput={(params) => <TextField {...params} label={t('fields.mediaOwners')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              multiple
              options={lookups?.authorizations ?? []}
              value={(lookups?.authorizations ?? []).filter((a) => values.authorizationIds.includes(a.id))}
              getOptionLabel={(a) => a.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => set({ authorizationIds: v.map((a) => a.id) })}
              renderInput={(params) => <TextField {...params} label={t('fields.authorizations')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={values.domains}
              onChange={(_e, v) => set({ domains: [...new Set(v.map((d) => d.trim()).filter(Boolean))] })}
              renderInput={(params) => (
                <TextField {...params} label={t('fields.domains')} helperText={t('form.domains_help')} />
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.illuminated}
                  onChange={(e) => set({ illuminated: e.target.checked })}
                />
              }
              label={t('fields.illuminated')}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              fullWidth
              type="number"
              label={t('fields.faces')}
              value={values.faces}
              onChange={(e) => set({ faces: e.target.value })}
              {...err('faces')}
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('fields.notes')}
              value={values.notes}
              onChange={(e) => set({ notes: e.target.value })}
              {...err('notes')}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} /> : undefined}
          >
            {t('form.save')}
          </Button>
          <Button onClick={() => navigate(editing ? `/systems-manage/${id}` : '/systems-manage/manage')}>
            {t('form.cancel')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
