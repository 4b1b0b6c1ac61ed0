import { useQuery } from '@tanstack/react-query';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { unitLabel } from '#shared/api/index.js';
import type { WellView } from '#shared/desktop/index.js';
import { syncQueries, wellQueries } from '../../queries/keys.js';
import { formatCount, statusLabel } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { ScreeningNote } from '../wells/ScreeningNote.js';
import { useScreeningFill } from '../wells/use-screening-fill.js';
import { useElementWidth } from '../well/use-element-width.js';
import { loadAtlas, loadedAtlas, type Atlas } from './atlas.js';
import { STATUS_COLOUR } from './draw-map.js';
import {
  IDENTITY,
  MAX_RADIUS,
  MIN_RADIUS,
  wellAt,
  wellsInBox,
  type PlacedWell,
  type View,
} from './map-geometry.js';
import { lastMapWidth, mapLayout, rememberMapWidth } from './map-layout.js';
import { outlinePaths } from './outline-paths.js';
import { PanCache } from './pan-cache.js';
import { setMapSelection, useMapSelection } from './selection-store.js';
import './field.css';

const HEIGHT = 480;
const NO_WELLS: readonly WellView[] = [];

/**
 * Every well of the project with coordinates, on state and county outlines that need
 * no network. Drag or the wheel pans and zooms; Shift+drag (or "Box select" and a drag)
 * selects the wells in a box, which the wells table then lists; hover names a well and
 * a click opens it.
 */
export function FieldMap({ projectId }: { projectId: string }) {
  const list = useQuery(wellQueries.list({ projectId }));
  const [, navigate] = useLocation();
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [atlas, setAtlas] = useState<Atlas | null>(loadedAtlas);
  const [atlasError, setAtlasError] = useState<Error | null>(null);
  const [view, setView] = useState<View>(IDENTITY);
  const [hovered, setHovered] = useState<PlacedWell | null>(null);
  const [pointer, setPointer] = useState<[number, number]>([0, 0]);
  const [boxMode, setBoxMode] = useState(false);
  const [box, setBox] = useState<{ from: [number, number]; to: [number, number] } | null>(null);
  const selection = useMapSelection(projectId);
  const selected = useMemo(() => new Set(selection ?? []), [selection]);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const boxModeRef = useRef(boxMode);
  useEffect(() => {
    boxModeRef.current = boxMode;
  }, [boxMode]);

  useEffect(() => {
    if (!atlas) loadAtlas().then(setAtlas, setAtlasError);
  }, [atlas]);

  // The dots are sized by the latest oil rates, which the screening fill brings in for
  // wells whose days this computer lacks: it runs here as on the Wells tab (the core
  // refills only what is missing or stale), and each step re-reads the list.
  const reachability = useQuery(syncQueries.status()).data?.reachability;
  const offline = (list.data?.offline ?? false) || reachability === 'unreachable';
  const fill = useScreeningFill(projectId, list.data !== undefined, !offline);
  // The frame is measured only after the first render: until then the width the map was
  // last drawn at stands in (usually right, and its layout kept), not a guess whose
  // layout and projected outlines would be thrown away.
  const mapWidth = width || lastMapWidth();
  const { wells, placed, missing, projection, maxRate, radius, dots } = mapLayout(
    list.data?.data.wells ?? NO_WELLS,
    Math.max(mapWidth, 200),
    HEIGHT,
  );
  // Both are kept for their inputs (map-layout.ts, outline-paths.ts): a render with the
  // same list, size and atlas gets the same objects back, so the canvas is not redrawn.
  const outlines = atlas && mapWidth > 0 ? outlinePaths(atlas, projection) : null;
  const [panCache] = useState(() => new PanCache());
  const unit = unitLabel('liquidRate', list.data?.data.unitSystem ?? 'imperial');
  const distanceUnit = list.data?.data.unitSystem === 'metric' ? 'km' : 'mi';

  // Pan and zoom with d3-zoom; a Shift+drag, or any drag in box mode, is left to the box.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([0.5, 200])
      .filter((event: Event) => {
        const pointerEvent = event as MouseEvent;
        if (event.type === 'wheel') return true;
        return !pointerEvent.shiftKey && !boxModeRef.current && pointerEvent.button === 0;
      })
      .on('zoom', (event: { transform: View }) => {
        const { x, y, k } = event.transform;
        setView({ x, y, k });
      });
    zoomRef.current = behaviour;
    select(canvas).call(behaviour);
    return () => {
      select(canvas).on('.zoom', null);
    };
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || width === 0) return;
    rememberMapWidth(width);
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(HEIGHT * ratio)) canvas.height = Math.round(HEIGHT * ratio);
    panCache.draw(context, {
      width,
      height: HEIGHT,
      view,
      outlines,
      wells: placed,
      radius,
      dots,
      selected,
      hovered: hovered?.id ?? null,
      distanceUnit,
    });
    // What the canvas shows, for whoever waits for the map (tests, the map benchmark):
    // the number of wells drawn, once the outlines are drawn too (or could not load).
    canvas.dataset.drawn = atlas || atlasError ? String(placed.length) : '';
  }, [
    panCache,
    width,
    view,
    outlines,
    atlas,
    atlasError,
    placed,
    radius,
    dots,
    selected,
    hovered,
    distanceUnit,
  ]);

  const local = (event: PointerEvent): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!(event.shiftKey || boxMode) || event.button !== 0) return;
    const at = local(event);
    event.currentTarget.setPointerCapture(event.pointerId);
    setBox({ from: at, to: at });
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const at = local(event);
    setPointer(at);
    if (box) {
      setBox({ ...box, to: at });
      return;
    }
    // While a button is down the map is being dragged: no well is hovered, and finding
    // one among 20,000 on every move would slow the pan.
    setHovered(event.buttons === 0 ? wellAt(placed, view, at[0], at[1], radius) : null);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!box) return;
    const at = local(event);
    const moved = Math.hypot(at[0] - box.from[0], at[1] - box.from[1]) > 3;
    setBox(null);
    if (moved) {
      setMapSelection(
        projectId,
        wellsInBox(placed, view, box.from, at).map((well) => well.id),
      );
    }
  };
  const onClick = (event: React.MouseEvent<HTMLCanvasElement>) => {
    if (event.shiftKey || boxMode) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const well = wellAt(placed, view, event.clientX - rect.left, event.clientY - rect.top, radius);
    if (well)
      navigate(`/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(well.id)}`);
  };
  const zoomBy = (factor: number) => {
    const canvas = canvasRef.current;
    if (canvas && zoomRef.current) select(canvas).call(zoomRef.current.scaleBy, factor);
  };
  const resetView = () => {
    const canvas = canvasRef.current;
    if (canvas && zoomRef.current) select(canvas).call(zoomRef.current.transform, zoomIdentity);
  };

  return (
    <div className="field-map" data-testid="field-map">
      {list.isError && <ErrorPanel error={list.error} />}
      {atlasError && <ErrorPanel error={atlasError} />}
      <div className="filters">
        <button
          type="button"
          aria-pressed={boxMode}
          onClick={() => setBoxMode(!boxMode)}
          data-testid="map-box-mode"
        >
          Box select
        </button>
        <button type="button" onClick={() => zoomBy(1.6)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomBy(1 / 1.6)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={resetView}>
          Reset view
        </button>
        {selection && (
          <span className="map-selection" data-testid="map-selection">
            {formatCount(selection.length)} {selection.length === 1 ? 'well' : 'wells'} selected ·{' '}
            <Link href={`/projects/${encodeURIComponent(projectId)}`}>Show in wells table</Link> ·{' '}
            <Link href={`/projects/${encodeURIComponent(projectId)}/compare`}>Compare</Link> ·{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => setMapSelection(projectId, null)}
            >
              Clear
            </button>
          </span>
        )}
        <span className="muted map-hint">Drag to pan, wheel to zoom, Shift+drag to select</span>
      </div>
      <div className="map-frame" ref={frameRef}>
        <canvas
          ref={canvasRef}
          style={{
            width: '100%',
            height: HEIGHT,
            cursor: hovered ? 'pointer' : boxMode ? 'crosshair' : 'grab',
          }}
          role="img"
          aria-label={`Map of ${formatCount(placed.length)} wells`}
          data-testid="map-canvas"
          data-wells={placed.length}
          data-view={`${view.x.toFixed(1)},${view.y.toFixed(1)},${view.k.toFixed(3)}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => setHovered(null)}
          onClick={onClick}
        />
        {box && (
          <div
            className="map-box"
            style={{
              left: Math.min(box.from[0], box.to[0]),
              top: Math.min(box.from[1], box.to[1]),
              width: Math.abs(box.to[0] - box.from[0]),
              height: Math.abs(box.to[1] - box.from[1]),
            }}
          />
        )}
        {hovered && !box && (
          <div
            className="map-tooltip"
            role="tooltip"
            data-testid="map-tooltip"
            style={{ left: Math.min(pointer[0] + 12, width - 220), top: pointer[1] + 12 }}
          >
            <strong>
              <bdi>{hovered.name}</bdi>
            </strong>
            <div>{statusLabel(hovered.status)}</div>
            <div>
              {hovered.oilRate === null
                ? 'No oil rate on this computer'
                : `Oil ${formatCount(Math.round(hovered.oilRate * 10) / 10)} ${unit} (latest)`}
            </div>
          </div>
        )}
        <MapLegend maxRate={maxRate} unit={unit} />
      </div>
      <p className="muted" data-testid="map-count">
        {formatCount(placed.length)} of {formatCount(wells.length)} wells on the map.
        <ScreeningNote fill={fill} offline={offline} />
      </p>
      {missing.length > 0 && (
        <details data-testid="map-missing">
          <summary>
            {formatCount(missing.length)} {missing.length === 1 ? 'well has' : 'wells have'} no
            coordinates
          </summary>
          <ul className="missing-list">
            {missing.map((well) => (
              <li key={well.id}>
                <Link
                  href={`/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(well.id)}`}
                >
                  <bdi>{well.name}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function MapLegend({ maxRate, unit }: { maxRate: number; unit: string }) {
  return (
    <div className="map-legend" data-testid="map-legend">
      {(Object.keys(STATUS_COLOUR) as Array<keyof typeof STATUS_COLOUR>).map((status) => (
        <div key={status}>
          <span className="legend-dot" style={{ background: STATUS_COLOUR[status] }} />
          {statusLabel(status === 'unknown' ? null : status)}
        </div>
      ))}
      <div className="legend-size">
        <span className="legend-dot" style={{ width: MIN_RADIUS * 2, height: MIN_RADIUS * 2 }} />
        <span className="legend-dot" style={{ width: MAX_RADIUS * 2, height: MAX_RADIUS * 2 }} />
        Size: latest oil rate
        {maxRate > 0
          ? `, up to ${formatCount(Math.round(maxRate * (maxRate < 10 ? 10 : 1)) / (maxRate < 10 ? 10 : 1))} ${unit}`
          : ''}
      </div>
    </div>
  );
}
