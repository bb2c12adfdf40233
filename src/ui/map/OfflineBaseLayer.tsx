import { useEffect, useState } from 'react';
import L from 'leaflet';
import { TileLayer, useMap } from 'react-leaflet';
import { useTheme } from '@mui/material';
import { getRuntimeConfig } from '@/config/environment';
import { BASEMAP_EXTENT, decodeBasemap, PROVINCE_MIN_ZOOM, visibleLabels, type Basemap, type BasemapTopology, type Place } from './basemap';
import assetUrl from './italy.topo.json?url';
import './basemap.css';

/*
 * The base map shipped with the app (Natural Earth, public domain): Italy's land and coast, the
 * neighbouring countries, the regions' borders, the provinces' from a middle zoom, and place names,
 * drawn under every marker when no tile server is configured. The data is a static file fetched
 * the first time a map needs it (never in the front door's bundle).
 */

const COLOURS = {
  light: {
    sea: '#c6d9ea',
    land: '#e9e7e1',
    italy: '#fbfaf6',
    coast: '#5f7a91',
    region: '#6f7681',
    province: '#a9b0ba',
    country: '#8f969f',
    label: '#262b33',
    regionLabel: '#5a6472',
    halo: '#fbfaf6',
  },
  dark: {
    sea: '#0a1520',
    land: '#262d36',
    italy: '#343e4b',
    coast: '#8fa6bd',
    region: '#a3adb9',
    province: '#5f6a78',
    country: '#77818e',
    label: '#e8edf2',
    regionLabel: '#bcc6d1',
    halo: '#141a21',
  },
} as const;

const ATTRIBUTION = '© <a href="https://www.naturalearthdata.com" target="_blank" rel="noreferrer">Natural Earth</a>';
const SHAPES_PANE = 'basemapShapes';
const LABELS_PANE = 'basemapLabels';

let loading: Promise<Basemap> | undefined;

/** The decoded asset, fetched once per page (a failure is retried by the next map). */
function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(assetUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`${r.status}`);
      return r.json() as Promise<BasemapTopology>;
    })
    .then(decodeBasemap)
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/** The panes under the markers: shapes at the tiles' level, labels under the overlays and markers. */
function ensurePanes(map: L.Map) {
  if (!map.getPane(SHAPES_PANE)) map.createPane(SHAPES_PANE).style.zIndex = '200';
  if (!map.getPane(LABELS_PANE)) {
    const pane = map.createPane(LABELS_PANE);
    pane.style.zIndex = '350';
    pane.setAttribute('aria-hidden', 'true');
  }
}

function labelMarker(place: Place, dx: number): L.Marker {
  const html = document.createElement('div');
  html.className = place.rank === 0 ? 'basemap-place basemap-place--region' : `basemap-place basemap-place--town basemap-place--rank${place.rank}`;
  if (dx) {
    // A marker stands on the point: the name follows it, without a dot of its own.
    html.style.marginLeft = `${dx}px`;
    html.classList.add('basemap-place--after-marker');
  }
  const text = document.createElement('span');
  text.textContent = place.name;
  html.append(text);
  const label = L.marker([place.lat, place.lng], {
    pane: LABELS_PANE,
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ className: 'basemap-label', html, iconSize: [0, 0], iconAnchor: [0, 0] }),
  });
  // A name is not a marker: whoever counts a map's markers (tests, the bench) must not count it.
  label.on('add', () => label.getElement()?.classList.remove('leaflet-marker-icon'));
  return label;
}

/** Draws the offline base map into the surrounding react-leaflet map; themed with the app (classic, dark). */
export function OfflineBaseLayer() {
  const map = useMap();
  const mode = useTheme().palette.mode;
  const [basemap, setBasemap] = useState<Basemap>();

  useEffect(() => {
    let live = true;
    // Without the asset the map still works: markers on the sea colour.
    loadBasemap().then(
      (b) => live && setBasemap(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    map.attributionControl?.addAttribution(ATTRIBUTION);
    return () => {
      map.attributionControl?.removeAttribution(ATTRIBUTION);
    };
  }, [map]);

  useEffect(() => {
    if (!basemap) return;
    ensurePanes(map);
    const c = COLOURS[mode];
    const container = map.getContainer();
    // Beyond the drawn extent there is nothing to see.
    const bounds = map.options.maxBounds;
    map.setMaxBounds(BASEMAP_EXTENT);
    const before = container.style.background;
    container.style.background = c.sea;
    container.dataset.basemap = mode;
    container.style.setProperty('--basemap-label', c.label);
    container.style.setProperty('--basemap-region-label', c.regionLabel);
    container.style.setProperty('--basemap-halo', c.halo);
    container.style.setProperty('--basemap-dot', c.region);

    const shape = (data: Parameters<typeof L.geoJSON>[0], style: L.PathOptions) =>
      L.geoJSON(data, { pane: SHAPES_PANE, interactive: false, style: () => ({ ...style, interactive: false }) });
    const land = L.layerGroup([
      shape(basemap.land, { stroke: true, color: c.land, weight: 1, fillColor: c.land, fillOpacity: 1, className: 'basemap-land' }),
      shape(basemap.countries, { stroke: true, color: c.land, weight: 2, fillColor: c.land, fillOpacity: 1, className: 'basemap-country' }),
      shape(basemap.italy, { stroke: false, fillColor: c.italy, fillOpacity: 1, className: 'basemap-italy' }),
    ]);
    const provinces = shape(basemap.provinceBorders, { color: c.province, weight: 0.8, dashArray: '3 3', className: 'basemap-province' });
    const lines = L.layerGroup([
      shape(basemap.countryBorders, { color: c.country, weight: 1, dashArray: '4 3', className: 'basemap-border' }),
      shape(basemap.regionBorders, { color: c.region, weight: 1.4, className: 'basemap-region' }),
      shape(basemap.coast, { color: c.coast, weight: 1.2, className: 'basemap-coast' }),
    ]);
    const labels = L.layerGroup([], { pane: LABELS_PANE });
    const drawn = new Map<string, L.Marker>();
    const markerPane = map.getPane('markerPane');
    [land, provinces, lines, labels].forEach((l) => l.addTo(map));

    const update = () => {
      const zoom = map.getZoom();
      container.classList.toggle('basemap-no-provinces', zoom < PROVINCE_MIN_ZOOM);
      const size = map.getSize();
      const origin = container.getBoundingClientRect();
      const markers = [...(markerPane?.children ?? [])].map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
      });
      const shown = new Map(
        visibleLabels(basemap.places, zoom, (p) => map.latLngToContainerPoint([p.lat, p.lng]), { x: 0, y: 0, width: size.x, height: size.y }, markers).map(
          (l): [string, (typeof l)] => [`${l.place.rank}|${l.place.name}|${l.dx}`, l],
        ),
      );
      for (const [key, marker] of drawn) {
        if (!shown.has(key)) {
          labels.removeLayer(marker);
          drawn.delete(key);
        }
      }
      for (const [key, { place, dx }] of shown) {
        if (!drawn.has(key)) drawn.set(key, labelMarker(place, dx).addTo(labels));
      }
    };
    // The host's markers change after a move (their data comes later): place the names again then.
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    const watcher = new MutationObserver(later);
    if (markerPane) watcher.observe(markerPane, { childList: true });
    update();
    map.on('zoomend moveend resize', update);
    return () => {
      watcher.disconnect();
      cancelAnimationFrame(frame);
      map.off('zoomend moveend resize', update);
      [land, lines, provinces, labels].forEach((l) => map.removeLayer(l));
      container.style.background = before;
      map.setMaxBounds(bounds as L.LatLngBoundsExpression);
      delete container.dataset.basemap;
      container.classList.remove('basemap-no-provinces');
    };
  }, [map, basemap, mode]);

  return null;
}

/** The map's base: the configured tile server's tiles, or the offline base map. */
export function MapBaseLayer() {
  const tileUrl = getRuntimeConfig().tileUrl;
  return tileUrl ? <TileLayer url={tileUrl} /> : <OfflineBaseLayer />;
}
