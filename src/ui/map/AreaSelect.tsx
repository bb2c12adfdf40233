import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { Polygon, Polyline, useMap } from 'react-leaflet';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import GestureIcon from '@mui/icons-material/Gesture';
import { Button, GlobalStyles, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MapOverlay } from './MapOverlay';
import { isArea, shapeRing, type AreaShape, type LatLng } from './selection';

export type AreaMode = AreaShape['kind'];

/** A lasso takes a point each time the pointer has moved this many pixels. */
const LASSO_STEP_PX = 4;

const DRAWING_CLASS = 'area-select-drawing';
const drawingStyles = { [`.leaflet-container.${DRAWING_CLASS} .leaflet-interactive`]: { pointerEvents: 'none !important' } };

const SHAPE_STYLE = { color: '#0a3f8a', weight: 2, dashArray: '6 4', fillOpacity: 0.08 };

const draftShape = (mode: AreaMode, points: LatLng[]): AreaShape =>
  mode === 'rectangle' ? { kind: 'rectangle', corners: [points[0], points[points.length - 1]] } : { kind: 'lasso', points };

/**
 * Draws while `mode` is set: a press on the map starts the shape, the pointer draws it (the corner
 * of a rectangle, the outline of a lasso), the release ends it. The map does not pan meanwhile;
 * Escape leaves without a shape.
 */
function useDrawing(mode: AreaMode | null, onDone: (shape: AreaShape | null) => void) {
  const map = useMap();
  const [draft, setDraft] = useState<LatLng[] | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!mode) return;
    const container = map.getContainer();
    let points: LatLng[] | null = null;
    let last: L.Point | null = null;
    const handlers = [map.dragging, map.boxZoom, map.doubleClickZoom];
    const wasEnabled = handlers.map((h) => h.enabled());
    handlers.forEach((h) => h.disable());
    container.style.cursor = 'crosshair';
    // Markers and clusters would take the press (and open or zoom) instead of starting the shape.
    container.classList.add(DRAWING_CLASS);
    const down = (e: L.LeafletMouseEvent) => {
      if (e.originalEvent.button !== 0) return;
      e.originalEvent.preventDefault();
      points = [[e.latlng.lat, e.latlng.lng]];
      last = e.containerPoint;
      setDraft(points);
    };
    const move = (e: L.LeafletMouseEvent) => {
      if (!points) return;
      const at: LatLng = [e.latlng.lat, e.latlng.lng];
      if (mode === 'rectangle') points = [points[0], at];
      else if (!last || last.distanceTo(e.containerPoint) >= LASSO_STEP_PX) points = [...points, at];
      else return;
      last = e.containerPoint;
      setDraft(points);
    };
    // On the document: a release outside the map still ends the shape.
    const up = () => {
      if (!points) return;
      const shape = draftShape(mode, points);
      points = null;
      setDraft(null);
      done.current(isArea(shape) ? shape : null);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      points = null;
      setDraft(null);
      done.current(null);
    };
    map.on('mousedown', down);
    map.on('mousemove', move);
    document.addEventListener('mouseup', up);
    document.addEventListener('keydown', key);
    return () => {
      map.off('mousedown', down);
      map.off('mousemove', move);
      document.removeEventListener('mouseup', up);
      document.removeEventListener('keydown', key);
      handlers.forEach((h, i) => (wasEnabled[i] ? h.enable() : h.disable()));
      container.style.cursor = '';
      container.classList.remove(DRAWING_CLASS);
    };
  }, [map, mode]);
  return draft;
}

/**
 * "Seleziona area" on a react-leaflet map (a child of MapContainer): a rectangle dragged or a lasso
 * drawn free-hand. The finished shape goes to `onShape` and stays drawn while `shape` holds it.
 */
export function AreaSelect({ shape, onShape }: { shape: AreaShape | null; onShape: (shape: AreaShape) => void }) {
  const translate = useTranslate();
  const [mode, setMode] = useState<AreaMode | null>(null);
  const draft = useDrawing(mode, (drawn) => {
    setMode(null);
    if (drawn) onShape(drawn);
  });
  const drawing = draft && mode ? draftShape(mode, draft) : null;
  return (
    <>
      <GlobalStyles styles={drawingStyles} />
      {shape && !drawing ? <Polygon positions={shapeRing(shape)} pathOptions={SHAPE_STYLE} interactive={false} /> : null}
      {drawing?.kind === 'rectangle' ? (
        <Polygon positions={shapeRing(drawing)} pathOptions={SHAPE_STYLE} interactive={false} />
      ) : null}
      {drawing?.kind === 'lasso' ? <Polyline positions={drawing.points} pathOptions={SHAPE_STYLE} interactive={false} /> : null}
      <MapOverlay place="topright" label={translate('app.areaSelect.title')} testId="area-select">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {translate('app.areaSelect.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_e, next: AreaMode | null) => setMode(next)}
            aria-label={translate('app.areaSelect.title')}
          >
            <ToggleButton value="rectangle" aria-label={translate('app.areaSelect.rectangle')}>
              <CropSquareIcon fontSize="small" sx={{ mr: 0.5 }} />
              {translate('app.areaSelect.rectangle')}
            </ToggleButton>
            <ToggleButton value="lasso" aria-label={translate('app.areaSelect.lasso')}>
              <GestureIcon fontSize="small" sx={{ mr: 0.5 }} />
              {translate('app.areaSelect.lasso')}
            </ToggleButton>
          </ToggleButtonGroup>
          {mode ? (
            <Button size="small" onClick={() => setMode(null)}>
              {translate('app.areaSelect.cancel')}
            </Button>
          ) : null}
        </Stack>
        {mode ? (
          <Typography variant="caption" component="p" role="status" sx={{ mt: 0.5 }}>
            {translate(`app.areaSelect.help_${mode}`)}
          </Typography>
        ) : null}
      </MapOverlay>
    </>
  );
}
