import type { ComponentProps } from 'react';
import { useTranslate } from 'react-admin';
import { MapContainer, ZoomControl } from 'react-leaflet';
import { MapBaseLayer } from './OfflineBaseLayer';

/**
 * Every map of the app: Leaflet's container with its base (the configured tiles, or the offline
 * base map) and the zoom buttons named in the user's language (Leaflet's own say "Zoom in").
 */
export function AppMap({ children, ...props }: ComponentProps<typeof MapContainer>) {
  const translate = useTranslate();
  return (
    <MapContainer {...props} zoomControl={false}>
      <MapBaseLayer />
      <ZoomControl position="topleft" zoomInTitle={translate('app.map.zoom_in')} zoomOutTitle={translate('app.map.zoom_out')} />
      {children}
    </MapContainer>
  );
}
