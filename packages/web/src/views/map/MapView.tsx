/**
 * The map: every record with a value in the view's GeoData field ("lat;lng") as a marker, clustered so that
 * 100k stay responsive (read through the view's light map-points read, a few large pages side by side, and
 * clustered over the points in view only); the map fits them once read, and a marker opens its record. Without network the markers still show on a blank map, which
 * says that its tiles are unavailable.
 */
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { printWhere } from '@rowbase/core/filters/where';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Input } from 'antd';
import L from 'leaflet';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { viewsKey } from '../../api/tables';
import { viewsApi } from '../../api/views';
import { usePermissions } from '../../app/use-permissions';
import { cellTypeOf } from '../../fields/registry';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { CardRecord } from '../cards/CardRecord';
import { appSource, displayColumn, rowIdOf, type CardSource, type Row } from '../cards/card-data';
import { DEFAULT_TILES, parseGeo, tileUrlOf } from './geo';
import { PointSet, clustersIn, type Cluster } from './grid-cluster';
import { readAllPages } from './marker-pages';

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  source?: CardSource;
  readOnly?: boolean;
}

/** Points per read (the most the server sends at once). */
const PAGE = 10_000;
/** Reads side by side (docs/views.md Map). */
const LANES = 3;
const MARKER_STYLE: L.CircleMarkerOptions = {
  radius: 7,
  color: '#4351E8',
  weight: 2,
  fillOpacity: 0.6,
  className: 'rb-marker',
};

export function MapView({ table, view, source: given, readOnly = false }: Props) {
  const { t } = useTranslation();
  const source = useMemo(() => given ?? appSource(table, view.id), [given, table, view.id]);
  const field = (table.columns ?? []).find((c) => c.id === view.view?.fk_geo_data_col_id);
  const [tilesDown, setTilesDown] = useState(false);
  const qc = useQueryClient();
  const { allowed } = usePermissions(table.base_id);
  const tiles = tileUrlOf(view.meta as Record<string, unknown> | null | undefined);
  const saveTiles = (value: string) => {
    const next = value.trim();
    if (next === (tiles === DEFAULT_TILES ? '' : tiles)) return;
    void viewsApi
      .update(view.id, { meta: { tileUrl: next || null } })
      .then(() => qc.invalidateQueries({ queryKey: viewsKey(table.id) }), notifyError);
  };
  const [count, setCount] = useState({ n: 0, complete: false });
  const [opened, setOpened] = useState<{ id: unknown; row: Row }>();

  if (!field)
    return (
      <p className="m-6 text-gray-500" data-testid="map-no-field">
        {t('map.noField')}
      </p>
    );
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="map">
      <div className="flex items-center gap-2 border-b border-gray-200 px-2 py-1 text-[13px]">
        <span
          className="text-xs text-gray-500"
          data-testid="map-count"
          data-complete={count.complete ? 'true' : undefined}
        >
          {t('map.markers', { count: count.n })}
        </span>
        {!readOnly && allowed('viewCreateOrEdit') && (
          <Input
            size="small"
            className="ms-auto w-80"
            placeholder={DEFAULT_TILES}
            defaultValue={tiles === DEFAULT_TILES ? '' : tiles}
            onBlur={(e) => saveTiles(e.target.value)}
            onPressEnter={(e) => saveTiles(e.currentTarget.value)}
            aria-label={t('map.tileUrl')}
            title={t('map.tileUrl')}
            data-testid="map-tile-url"
          />
        )}
        {tilesDown && (
          <Alert
            type="warning"
            showIcon
            className="py-0"
            title={t('map.tilesUnavailable')}
            data-testid="map-tiles-down"
          />
        )}
      </div>
      <div className="relative min-h-0 flex-1">
        <MapContainer center={[20, 0]} zoom={2} className="absolute inset-0" worldCopyJump>
          <TileLayer
            key={tiles}
            url={tiles}
            attribution="© OpenStreetMap"
            eventHandlers={{ tileerror: () => setTilesDown(true), tileload: () => setTilesDown(false) }}
          />
          <Markers
            source={source}
            geoField={field.title}
            titleOf={(row) => {
              const c = displayColumn(table);
              return c ? cellTypeOf(c.uidt as UIType).format(row[c.title], c) : '';
            }}
            onCount={(n, complete) => setCount({ n, complete })}
            onOpen={(row) => setOpened({ id: rowIdOf(table, row), row })}
          />
        </MapContainer>
      </div>
      {opened && (
        <CardRecord
          table={table}
          rowId={opened.id}
          row={readOnly ? opened.row : undefined}
          onClose={() => setOpened(undefined)}
          onSaved={() => undefined}
        />
      )}
    </div>
  );
}

interface MarkersProps {
  source: CardSource;
  geoField: string;
  titleOf(row: Row): string;
  onCount(n: number, complete: boolean): void;
  onOpen(row: Row): void;
}

/**
 * Reads the view's points (the light read: key, title and place, large pages, a few side by side) and draws the
 * ones in view clustered on a grid at the current zoom (./grid-cluster.ts), again after every move, zoom or page
 * read; then fits the map to them. A cluster zooms in on its points when clicked; a single marker opens its
 * record.
 */
function Markers({ source, geoField, ...callbacks }: MarkersProps) {
  const map = useMap();
  // The parent's callbacks change every render; reading again is only for a new source or field.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const points = new PointSet();
    const rows: Row[] = [];
    let done = false;
    let stopped = false;
    let frame = 0;
    const draw = () => {
      frame = 0;
      if (stopped) return;
      layer.clearLayers();
      const box = map.getPixelBounds();
      const clusters = clustersIn(points, map.getZoom(), {
        minX: box.min!.x,
        minY: box.min!.y,
        maxX: box.max!.x,
        maxY: box.max!.y,
      });
      for (const c of clusters) layer.addLayer(c.count === 1 ? single(rows[c.index]!, c) : group(c));
      latest.current.onCount(points.size, done);
    };
    const single = (row: Row, c: Cluster) =>
      L.circleMarker([c.lat, c.lng], MARKER_STYLE)
        .bindTooltip(latest.current.titleOf(row))
        .on('click', () => latest.current.onOpen(row));
    const group = (c: Cluster) => {
      const size = c.count < 100 ? 'small' : c.count < 1000 ? 'medium' : 'large';
      const icon = L.divIcon({
        html: `<div><span>${c.count.toLocaleString()}</span></div>`,
        className: `marker-cluster marker-cluster-${size}`,
        iconSize: L.point(40, 40),
      });
      return L.marker([c.lat, c.lng], { icon }).on('click', () => {
        const [sw, ne] = c.bounds;
        // Points at one place never part: open the first of them.
        if ((sw[0] === ne[0] && sw[1] === ne[1]) || map.getZoom() >= map.getMaxZoom())
          latest.current.onOpen(rows[c.index]!);
        else map.fitBounds(c.bounds, { padding: [40, 40] });
      });
    };
    const redraw = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    map.on('moveend', redraw);
    const where = printWhere([
      { type: 'condition', logical: 'and', field: geoField, op: 'notblank', args: [] },
    ]);
    const onPage = (list: Row[]) => {
      for (const row of list) {
        const at = parseGeo(row[geoField]);
        if (!at) continue;
        points.add(at[0], at[1]);
        rows.push(row);
      }
      redraw();
    };
    void readAllPages<Row>({
      fetch: async (offset, limit) => {
        const page = await source.mapPoints({ where, offset, limit });
        return { list: page.list, total: page.pageInfo?.totalRows };
      },
      onPage,
      stopped: () => stopped,
      size: PAGE,
      lanes: LANES,
    })
      .then(() => {
        if (stopped) return;
        done = true;
        const bounds = points.bounds();
        if (bounds) map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14 });
        redraw();
      })
      .catch(notifyError);
    return () => {
      stopped = true;
      if (frame) cancelAnimationFrame(frame);
      map.off('moveend', redraw);
      map.removeLayer(layer);
    };
  }, [map, source, geoField]);
  return null;
}
