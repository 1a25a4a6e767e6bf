/**
 * The map: every record with a value in the view's GeoData field ("lat;lng") as a marker, clustered so that
 * tens of thousands stay responsive (markers are added in chunks as their pages arrive); the map fits them
 * once read, and a marker opens its record. Without network the markers still show on a blank map, which
 * says that its tiles are unavailable.
 */
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { printWhere } from '@rowbase/core/filters/where';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Input } from 'antd';
import L from 'leaflet';
import 'leaflet.markercluster';
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

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  source?: CardSource;
  readOnly?: boolean;
}

const PAGE = 1000;

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
  const [count, setCount] = useState(0);
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
        <span className="text-xs text-gray-500" data-testid="map-count">
          {t('map.markers', { count })}
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
            onCount={setCount}
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
  onCount(n: number): void;
  onOpen(row: Row): void;
}

/** Reads the located records page by page into one cluster layer, then fits the map to them. */
function Markers({ source, geoField, ...callbacks }: MarkersProps) {
  const map = useMap();
  // The parent's callbacks change every render; reading again is only for a new source or field.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  useEffect(() => {
    const { titleOf, onCount, onOpen } = {
      titleOf: (row: Row) => latest.current.titleOf(row),
      onCount: (n: number) => latest.current.onCount(n),
      onOpen: (row: Row) => latest.current.onOpen(row),
    };
    const cluster = L.markerClusterGroup({ chunkedLoading: true, showCoverageOnHover: false });
    map.addLayer(cluster);
    let stopped = false;
    const where = printWhere([
      { type: 'condition', logical: 'and', field: geoField, op: 'notblank', args: [] },
    ]);
    const bounds = L.latLngBounds([]);
    void (async () => {
      let total = 0;
      for (let offset = 0; !stopped; offset += PAGE) {
        const page = await source.rows({ where, offset, limit: PAGE });
        if (stopped) return;
        const markers: L.Layer[] = [];
        for (const row of page.list) {
          const at = parseGeo(row[geoField]);
          if (!at) continue;
          bounds.extend(at);
          const marker = L.circleMarker(at, {
            radius: 7,
            color: '#4351E8',
            weight: 2,
            fillOpacity: 0.6,
            className: 'rb-marker',
          });
          marker.bindTooltip(titleOf(row));
          marker.on('click', () => onOpen(row));
          markers.push(marker);
        }
        cluster.addLayers(markers);
        total += markers.length;
        onCount(total);
        if (page.list.length < PAGE) break;
      }
      if (!stopped && bounds.isValid()) map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14 });
    })().catch(notifyError);
    return () => {
      stopped = true;
      map.removeLayer(cluster);
    };
  }, [map, source, geoField]);
  return null;
}
