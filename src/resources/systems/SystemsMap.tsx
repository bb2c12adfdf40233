import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import FilterListIcon from '@mui/icons-material/FilterList';
import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SchemaSystem, SchemaSystemMarker as SystemMarker } from '@/api/generated/systems';
import { failureMessage } from '@/api/failures';
import { searchPageLimit } from '@/config/environment';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { ITALY_BOUNDS } from '@/ui/map/basemap';
import { AppMap } from '@/ui/map/AppMap';
import { PLACE_ZOOM } from '@/ui/map/PlaceSearch';
import { statusColour, SystemPopup } from '@/ui/map/SystemPopup';
import { systemsInView } from './inView';
import { MapPlaceSearch } from './MapPlaceSearch';
import { MapAreaSelection } from './MapAreaSelection';
import { KindSwitch, SystemFilters, type SystemFilterValues } from './SystemFilters';
import { useLookups, useT } from './shared';
import { SystemsInView } from './SystemsInView';

type Props = { marker: SystemMarker };
type Feature = Supercluster.PointFeature<Props>;
type ClusterOrPoint = Supercluster.ClusterFeature<Supercluster.AnyProps> | Supercluster.PointFeature<Props>;

const pointIcon = (m: SystemMarker) =>
  L.divIcon({
    className: 'system-marker',
    html: `<div style="width:14px;height:14px;border-radius:50%;background:${statusColour(m.status)};border:2px solid #fff;box-shadow:0 0 3px rgba(0,0,0,.6)"></div>`,
    iconSize: [14, 14],
    iconAnchor: [7, 7],
  });
const clusterIcons = new Map<number, L.DivIcon>();
const clusterIcon = (count: number) => {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
  const key = size * 1e6 + count;
  if (!clusterIcons.has(key)) {
    clusterIcons.set(
      key,
      L.divIcon({
        className: 'system-cluster',
        html: `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:rgba(10,63,138,.85);color:#fff;text-align:center;font:600 12px sans-serif;border:3px solid rgba(255,255,255,.8)">${count}</div>`,
        iconSize: [size, size],
        iconAnchor: [size / 2, size / 2],
      }),
    );
  }
  return clusterIcons.get(key)!;
};

interface View {
  bounds: L.LatLngBounds;
  zoom: number;
}

/** Reports the viewport on load and after every move / zoom. */
function ViewWatcher({ onView }: { onView: (v: View) => void }) {
  const map = useMap();
  useEffect(() => {
    onView({ bounds: map.getBounds(), zoom: map.getZoom() });
  }, [map, onView]);
  useMapEvents({ moveend: () => onView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  return null;
}

/** The first zoom (from `from` on) at which a system has its own marker, not a cluster's. */
function unclusteredZoom(index: Supercluster<Props>, m: SystemMarker, from: number): number {
  const d = 1e-6;
  for (let z = Math.max(0, Math.round(from)); z <= 17; z++) {
    const here = index.getClusters([m.longitude - d, m.latitude - d, m.longitude + d, m.latitude + d], z);
    if (here.some((f) => !(f.properties as { cluster?: boolean }).cluster && (f.properties as Props).marker.id === m.id)) return z;
  }
  return 18;
}

function ClusterMarker({ feature, index, focusSeq }: { feature: ClusterOrPoint; index: Supercluster<Props>; focusSeq?: number }) {
  const map = useMap();
  const t = useT();
  const ref = useRef<L.Marker>(null);
  // A row of the in-view list asked for this marker: open its popup (on mount too, once unclustered).
  useEffect(() => {
    if (focusSeq) ref.current?.openPopup();
  }, [focusSeq]);
  const [lng, lat] = feature.geometry.coordinates;
  const props = feature.properties as Supercluster.ClusterProperties & Partial<Props>;
  if (props.cluster) {
    return (
      <Marker
        position={[lat, lng]}
        icon={clusterIcon(props.point_count)}
        title={t('map.cluster', { smart_count: props.point_count })}
        eventHandlers={{
          click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id), 18)),
        }}
      />
    );
  }
  const m = props.marker!;
  return (
    <Marker ref={ref} position={[lat, lng]} icon={pointIcon(m)} title={`${m.code} · ${m.name}`} alt={m.code}>
      <SystemPopup system={m} />
    </Marker>
  );
}

/** /systems-manage/map: every system on a map, clustered, loaded by viewport through POST /system/inAreaList. */
export default function SystemsMap() {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [view, setView] = useState<View>();
  const [debounced, setDebounced] = useState<View>();
  const [filter, setFilter] = useState<SystemFilterValues>({});
  const [showFilters, setShowFilters] = useState(false);
  const [map, setMap] = useState<L.Map | null>(null);
  const [focus, setFocus] = useState<{ id: number; seq: number }>();
  const { lookups } = useLookups(showFilters);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(view), 300);
    return () => clearTimeout(timer);
  }, [view]);

  // The viewport's markers (debounced on move / zoom).
  const bounds = debounced
    ? {
        north: Math.min(90, debounced.bounds.getNorth()),
        south: Math.max(-90, debounced.bounds.getSouth()),
        east: Math.min(180, debounced.bounds.getEast()),
        west: Math.max(-180, debounced.bounds.getWest()),
      }
    : undefined;
  const inArea = useQuery({
    queryKey: ['systems', 'systemsInArea', bounds, filter.type ?? 'ALL'],
    queryFn: () => dataProvider.systemsInArea('systems', { bounds: bounds!, type: filter.type ?? 'ALL' }),
    enabled: Boolean(bounds),
    placeholderData: (previous) => previous,
  });
  const markers = useMemo(() => inArea.data ?? [], [inArea.data]);

  // Filters beyond type: the ids of the filtered search (every row, page after page of the search's
  // per-request limit), intersected with the viewport.
  const filtered = (['systemTypes', 'statuses', 'municipalityIds', 'mediaOwners', 'areaIds', 'leaseIds', 'authorizationIds'] as const).some(
    (k) => (filter[k]?.length ?? 0) > 0,
  );
  const search = useQuery({
    queryKey: ['systems', 'getList', 'map', filter],
    queryFn: async () => {
      const perPage = searchPageLimit();
      const data: SchemaSystem[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await dataProvider.getList<SchemaSystem>('systems', { filter, pagination: { page, perPage }, sort: { field: 'id', order: 'ASC' } });
        data.push(...answer.data);
        if (answer.data.length < perPage || data.length >= (answer.total ?? 0)) return { data, total: answer.total };
      }
    },
    enabled: filtered,
  });
  const allowed = useMemo(
    () => (filtered && search.data ? new Set(search.data.data.map((s) => s.id)) : undefined),
    [filtered, search.data],
  );
  const error = inArea.error ?? search.error;
  const loading = inArea.isFetching || search.isFetching;
  const shown = useMemo(() => (allowed ? markers.filter((m) => allowed.has(m.id)) : markers), [markers, allowed]);
  const index = useMemo(() => {
    const sc = new Supercluster<Props>({ radius: 60, maxZoom: 17 });
    sc.load(
      shown.map<Feature>((m) => ({
        type: 'Feature',
        properties: { marker: m },
        geometry: { type: 'Point', coordinates: [m.longitude, m.latitude] },
      })),
    );
    return sc;
  }, [shown]);
  const clusters = useMemo(() => {
    if (!view) return [];
    const b = view.bounds;
    return index.getClusters(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      Math.round(view.zoom),
    ) as ClusterOrPoint[];
  }, [index, view]);
  const inView = useMemo(() => {
    if (!view) return undefined;
    const b = view.bounds;
    return systemsInView(shown, { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
  }, [shown, view]);
  const showSystem = useCallback(
    (m: SystemMarker) => {
      if (!map) return;
      map.setView([m.latitude, m.longitude], unclusteredZoom(index, m, map.getZoom()));
      setFocus((f) => ({ id: m.id, seq: (f?.seq ?? 0) + 1 }));
    },
    [map, index],
  );

  return (
    <Box component="section" sx={{ pb: 2 }}>
      <PageHeading title={t('map.title')} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <KindSwitch value={filter.type} onChange={(type) => setFilter({ ...filter, type })} />
        <MapPlaceSearch onPlace={(p) => map?.setView([p.latitude, p.longitude], PLACE_ZOOM)} />
        <Button
          startIcon={<FilterListIcon />}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
        >
          {t('list.filters')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {loading ? <CircularProgress size={20} aria-label={t('list.loading')} /> : null}
        <Typography variant="body2" data-testid="map-count">
          {t('map.count', { smart_count: shown.length })}
        </Typography>
        <Button component={RouterLink} to="/systems-manage/manage" startIcon={<ListIcon />}>
          {t('map.list')}
        </Button>
      </Stack>
      {showFilters ? <SystemFilters value={filter} onChange={setFilter} lookups={lookups} /> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('map.error', { message: failureMessage(error) })}
        </Alert>
      ) : null}
      {!loading && view && !shown.length && !error ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('map.empty')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1.5} sx={{ height: 'calc(100vh - 240px)', minHeight: 420 }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            bgcolor: '#e8eef5',
            borderRadius: 1,
            overflow: 'hidden',
          }}
          data-testid="systems-map"
          data-center={view ? `${view.bounds.getCenter().lat.toFixed(4)},${view.bounds.getCenter().lng.toFixed(4)}` : undefined}
          data-zoom={view?.zoom}
        >
          <AppMap
            ref={setMap}
            bounds={ITALY_BOUNDS}
            zoomSnap={0.5}
            minZoom={5}
            maxZoom={18}
            preferCanvas={false}
          >
            <ViewWatcher onView={setView} />
            <MapAreaSelection type={filter.type} allowed={allowed} filtersPending={filtered && !allowed} />
            {clusters.map((f) => {
              const point = (f.properties as { cluster?: boolean }).cluster ? undefined : (f.properties as Props).marker;
              return (
                <ClusterMarker
                  key={point ? `p${point.id}` : `c${(f.properties as { cluster_id: number }).cluster_id}`}
                  feature={f}
                  index={index}
                  focusSeq={point && point.id === focus?.id ? focus.seq : undefined}
                />
              );
            })}
          </AppMap>
        </Box>
        <SystemsInView inView={inView} onShow={showSystem} />
      </Stack>
    </Box>
  );
}
