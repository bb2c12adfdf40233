import type { ComponentProps } from 'react';
import type { LatLngTuple } from 'leaflet';
import { useTranslate } from 'react-admin';
import { MapContainer, ZoomControl } from 'react-leaflet';
import { MapBaseLayer } from './OfflineBaseLayer';

/** The whole of Italy: where a map opens when it is given no place of its own. */
export const ITALY_VIEW: { center: LatLngTuple; zoom: number } = { center: [42.5, 12.5], zoom: 5 };

/**
 * Every map of the app: Leaflet's container filling its box, with its base (the configured tiles,
 * or the offline base map) and the zoom buttons named in the user's language (Leaflet's own say
 * "Zoom in"). Without a centre or bounds it opens on the whole of Italy.
 */
export function AppMap({ children, style, ...props }: ComponentProps<typeof MapContainer>) {
  const translate = useTranslate();
  const place = props.center || props.bounds ? {} : ITALY_VIEW;
  return (
    <MapContainer {...place} {...props} style={{ height: '100%', width: '100%', ...style }} zoomControl={false}>
      <MapBaseLayer />
      <ZoomControl position="topleft" zoomInTitle={translate('app.map.zoom_in')} zoomOutTitle={translate('app.map.zoom_out')} />
      {children}
    </MapContainer>
  );
}
