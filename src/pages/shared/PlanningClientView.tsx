import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import PhotoIcon from '@mui/icons-material/PhotoCameraOutlined';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { useMessages } from '@/i18n/lookup';
import { MapBaseLayer } from '@/ui/map/OfflineBaseLayer';
import { FitToPoints } from '@/ui/map/FitToPoints';
import { loadSystemImage } from '../public/calls';
import { itDate } from './EstimateView';
import { euro, TotalsBlock } from './TotalsBlock';
import { Facts } from './RecordClientView';

/** A booked face as the share service describes it to the client (read defensively: fields may be missing). */
export interface ClientPlace {
  id: number;
  systemId?: number;
  code?: string;
  name?: string;
  face?: string;
  typeLabel?: string;
  format?: string;
  address?: string;
  municipality?: string;
  latitude?: number;
  longitude?: number;
  imageId?: number | null;
  periodStart?: string;
  periodEnd?: string;
  price?: number;
}

export interface PlanningClientData {
  data: Record<string, unknown>;
  view?: Record<string, unknown>;
}

/** The whole of Italy, where the map opens before it fits the faces (AppMap's, which the front door may not load). */
const ITALY_VIEW = { center: [42.5, 12.5] as [number, number], zoom: 5 };

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The places of the view, keeping only what reads as the type says. */
export function placesOf(view: PlanningClientData['view']): ClientPlace[] {
  const raw = Array.isArray(view?.places) ? (view.places as unknown[]) : [];
  return raw
    .filter((p): p is Record<string, unknown> => Boolean(p) && typeof p === 'object')
    .map((p, i) => ({
      id: num(p.id) ?? i + 1,
      code: str(p.code),
      name: str(p.name),
      face: str(p.face),
      typeLabel: str(p.typeLabel),
      format: str(p.format),
      address: str(p.address),
      municipality: str(p.municipality),
      latitude: num(p.latitude),
      longitude: num(p.longitude),
      imageId: num(p.imageId) ?? null,
      periodStart: str(p.periodStart),
      periodEnd: str(p.periodEnd),
      price: num(p.price) ?? 0,
    }));
}

export const periodText = (start?: string, end?: string) => (start || end ? `${itDate(start)} – ${itDate(end)}` : '—');

/** "MI-0101 · Viale Monza 12": how a face is named to the client (its face's name when it books one). */
const titleOf = (p: ClientPlace) => [p.code, p.name].filter(Boolean).join(' · ') || '—';

/** A system's photo, read with the guest token; a placeholder when it has none or it cannot be read. */
function Photo({ place }: { place: ClientPlace }) {
  const translate = useMessages();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!place.imageId) return;
    let alive = true;
    let made: string | undefined;
    loadSystemImage(place.imageId)
      .then((blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [place.imageId]);
  const box = { width: { xs: 96, sm: 128 }, height: { xs: 72, sm: 96 }, flex: 'none', borderRadius: 1, bgcolor: 'grey.100' } as const;
  return url ? (
    <Box component="img" src={url} alt={translate('resources.shares.viewer.client.photo', { name: titleOf(place) })} sx={{ ...box, objectFit: 'cover' }} />
  ) : (
    <Box sx={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }} role="img" aria-label={translate('resources.shares.viewer.client.no_photo')}>
      <PhotoIcon />
    </Box>
  );
}

/** The booked faces on a map: circle markers on the configured tiles or the offline base map. */
function PlacesMap({ places, label }: { places: ClientPlace[]; label: string }) {
  const points = useMemo(
    () =>
      places
        .filter((p) => p.latitude !== undefined && p.longitude !== undefined)
        .map((p) => ({ id: p.id, latitude: p.latitude!, longitude: p.longitude!, label: [titleOf(p), p.face].filter(Boolean).join(' – ') })),
    [places],
  );
  if (!points.length) return null;
  return (
    <Box sx={{ height: { xs: 260, sm: 360 }, border: 1, borderColor: 'divider', bgcolor: '#eef2f6' }} role="region" aria-label={label} data-testid="client-planning-map">
      <MapContainer {...ITALY_VIEW} style={{ height: '100%', width: '100%', background: 'transparent' }} attributionControl={false}>
        <MapBaseLayer />
        {points.map((p) => (
          <CircleMarker key={p.id} center={[p.latitude, p.longitude]} radius={7} pathOptions={{ color: '#0a3f8a', fillColor: '#0a3f8a', fillOpacity: 0.8 }}>
            <Tooltip>{p.label}</Tooltip>
          </CircleMarker>
        ))}
        <FitToPoints points={points} />
      </MapContainer>
    </Box>
  );
}

/**
 * A shared planning as its client reads it: campaign, client, period and status; the booked faces
 * on a map and as a list (photo, face, type and format, address, period, net price); the totals
 * stated as every client document states them (VAT excluded, VAT, VAT included).
 */
export default function PlanningClientView({ resource }: { resource: PlanningClientData }) {
  const translate = useMessages();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.shares.viewer.client.${key}`, args);
  const places = useMemo(() => placesOf(resource.view), [resource.view]);
  const net = places.reduce((sum, p) => sum + (p.price ?? 0), 0);
  const totals = resource.data.totals as { amount?: unknown } | undefined;
  const total = places.length ? net : (num(totals?.amount) ?? 0);
  const view = resource.view ?? {};
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Facts
        rows={[
          [t('campaign'), str(view.campaignName)],
          [t('advertiser'), str(view.advertiserName)],
          [t('period'), periodText(str(resource.data.periodStart), str(resource.data.periodEnd))],
          [t('status'), str(view.statusLabel)],
          [t('faces'), t('faces_count', { smart_count: places.length })],
        ]}
      />
      <PlacesMap places={places} label={t('map')} />
      <Typography variant="h6" component="h2">{t('faces')}</Typography>
      {places.length ? (
        <Box
          component="ul"
          aria-label={t('list')}
          data-testid="client-planning-places"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}
        >
          {places.map((p) => (
            <Box component="li" key={p.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1.5, minWidth: 0 }}>
              <Photo place={p} />
              <Box sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                <Typography variant="subtitle2" component="p">{titleOf(p)}</Typography>
                {p.face ? <Chip size="small" label={`${t('face')}: ${p.face}`} sx={{ my: 0.5, maxWidth: '100%' }} /> : null}
                <Typography variant="body2" color="text.secondary">{[p.typeLabel, p.format].filter(Boolean).join(' · ') || null}</Typography>
                <Typography variant="body2">{[p.address, p.municipality].filter(Boolean).join(', ')}</Typography>
                <Typography variant="body2">{periodText(p.periodStart, p.periodEnd)}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>{euro(p.price)}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{t('no_faces')}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">{t('prices_net')}</Typography>
      <TotalsBlock amounts={{ total }} testId="planning-total" />
    </Box>
  );
}
