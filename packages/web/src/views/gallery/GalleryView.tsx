/**
 * The gallery: records as cards in a grid that is virtualised — only the card rows on screen (and one screen
 * ahead) are rendered, and only their pages are read — so a table of 100k rows scrolls like one of 100.
 * A click opens the record. The toolbar picks the cover field and whether it is cropped or fitted.
 */
import { kindOf } from '@rowbase/core/fields/traits';
import type { ColumnMeta, TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { Select } from '../../components/still-pickers';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { viewsKey } from '../../api/tables';
import { viewsApi } from '../../api/views';
import { usePermissions } from '../../app/use-permissions';
import { CardRecord } from '../cards/CardRecord';
import { CardToolbar } from '../cards/CardToolbar';
import {
  appSource,
  cardApi,
  cardFields,
  displayColumn,
  rowIdOf,
  sharedViewColumns,
  type CardSource,
  type Row,
} from '../cards/card-data';
import { PagedRows } from '../cards/paged-rows';
import { RecordCard } from '../cards/RecordCard';
import { galleryLayout, visibleRange, type GalleryLayout } from './gallery-layout';

interface Props {
  table: TableMeta;
  view: ViewMeta & { view?: Record<string, unknown> };
  /** A shared page's rows; the app reads the view's data API. */
  source?: CardSource;
  /** Only looking (a shared page): no settings, no editing, the record opened read-only. */
  readOnly?: boolean;
}

export function GalleryView({ table, view, source: given, readOnly = false }: Props) {
  const { allowed } = usePermissions(table.base_id);
  const { t } = useTranslation();
  const qc = useQueryClient();
  const source = useMemo(() => given ?? appSource(table, view.id), [given, table, view.id]);
  const columns = useQuery({
    queryKey: ['view-columns', view.id],
    queryFn: () => cardApi.viewColumns(view.id),
    enabled: !readOnly,
  });
  const viewColumns = useMemo(
    () => (readOnly ? sharedViewColumns(table) : columns.data),
    [readOnly, table, columns.data],
  );
  const coverId = (view.view?.fk_cover_image_col_id as string | null | undefined) ?? null;
  const coverFit = view.meta?.coverFit === 'contain' ? 'contain' : 'cover';
  const cover = (table.columns ?? []).find((c) => c.id === coverId);
  const [where, setWhere] = useState<string>();
  const [opened, setOpened] = useState<{ index: number; rowId: unknown }>();

  const rows = useMemo(
    () => new PagedRows<Row>((offset, limit) => source.rows({ offset, limit, where }), 60),
    [source, where],
  );
  // The view itself follows only the count; the grid below follows the pages as they arrive.
  const subscribe = useCallback((l: () => void) => rows.subscribe(l), [rows]);
  const counted = useSyncExternalStore(subscribe, () => rows.total);
  const reloadRows = useCallback(() => {
    rows.reset();
    void source.count(where).then((n) => {
      rows.total = n;
      rows.ensure(0, 1);
    }, notifyError);
  }, [rows, source, where]);
  useEffect(reloadRows, [reloadRows]);

  const fields = useMemo(
    () => cardFields(table, viewColumns ?? [], [coverId]),
    [table, viewColumns, coverId],
  );
  const total = counted ?? 0;

  const title = displayColumn(table);
  const open = useCallback(
    (index: number, row: Row) => setOpened({ index, rowId: rowIdOf(table, row) }),
    [table],
  );

  const saveSetting = async (body: Record<string, unknown>, metaBody?: Record<string, unknown>) => {
    try {
      if (metaBody) await viewsApi.update(view.id, { meta: metaBody });
      else await viewsApi.updateSettings('galleries', view.id, body);
      await qc.invalidateQueries({ queryKey: viewsKey(table.id) });
    } catch (e) {
      notifyError(e);
    }
  };

  if (!viewColumns) return <Spin className="m-6" />;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="gallery">
      <CardToolbar
        table={table}
        viewId={view.id}
        readOnly={readOnly}
        viewColumns={viewColumns}
        onRowsChanged={reloadRows}
        // Rows carry only the fields the view shows: a newly shown one needs them read again.
        onColumnsChanged={() => void columns.refetch().then(reloadRows)}
        onSearch={setWhere}
      >
        {!readOnly && allowed('viewCreateOrEdit') && (
          <>
            <Select
              size="small"
              className="w-40"
              allowClear
              placeholder={t('cards.noCover')}
              value={coverId ?? undefined}
              options={(table.columns ?? [])
                .filter((c) => kindOf(c.uidt) === 'attachment')
                .map((c) => ({ value: c.id, label: `${t('cards.cover')}: ${c.title}` }))}
              onChange={(v: string | undefined) => void saveSetting({ fk_cover_image_col_id: v ?? null })}
              data-testid="gallery-cover"
            />
            <Select
              size="small"
              className="w-28"
              value={coverFit}
              options={[
                { value: 'cover', label: t('cards.crop') },
                { value: 'contain', label: t('cards.fit') },
              ]}
              onChange={(v: string) => void saveSetting({}, { coverFit: v })}
              aria-label={t('cards.coverFit')}
            />
          </>
        )}
        <span className="px-2 text-xs text-gray-500" data-testid="gallery-count">
          {t('table.rowCount', { count: total })}
        </span>
      </CardToolbar>
      <GalleryGrid
        rows={rows}
        subscribe={subscribe}
        fields={fields}
        title={title}
        cover={cover}
        coverFit={coverFit}
        onOpen={open}
        layoutKey={viewColumns}
      />
      {opened && (
        <CardRecord
          table={table}
          rowId={opened.rowId}
          row={readOnly ? rows.row(opened.index) : undefined}
          onClose={() => setOpened(undefined)}
          onSaved={(row) => rows.replace(opened.index, { ...rows.row(opened.index), ...row })}
        />
      )}
    </div>
  );
}

interface GridProps {
  rows: PagedRows<Row>;
  subscribe(listener: () => void): () => void;
  title: ColumnMeta | undefined;
  fields: ColumnMeta[];
  cover: ColumnMeta | undefined;
  coverFit: 'cover' | 'contain';
  onOpen(index: number, row: Row): void;
  /** Measured again when it changes (the grid appears once the view's columns are read). */
  layoutKey: unknown;
}

/**
 * The scrolling cards, a component of its own so that scrolling and arriving pages render only it (never the
 * toolbar), and each card again only when its own row or the layout changes.
 */
const GalleryGrid = memo(function GalleryGrid({ rows, subscribe, onOpen, layoutKey, ...card }: GridProps) {
  useSyncExternalStore(subscribe, () => rows.version);
  const scroller = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 1000, height: 800, top: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () =>
      setBox((b) =>
        b.width === el.clientWidth && b.height === el.clientHeight
          ? b
          : { width: el.clientWidth, height: el.clientHeight, top: b.top },
      );
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [layoutKey]);
  const fieldCount = card.fields.length;
  const hasCover = !!card.cover;
  const layout = useMemo(
    () => galleryLayout(box.width, fieldCount, hasCover),
    [box.width, fieldCount, hasCover],
  );
  const total = rows.total ?? 0;
  const range = visibleRange(layout, box.top, box.height, total);
  useEffect(() => rows.ensure(range.from, range.to), [rows, range.from, range.to]);

  const cards = [];
  for (let i = range.from; i < range.to; i++)
    cards.push(<GalleryCard key={i} index={i} row={rows.row(i)} layout={layout} onOpen={onOpen} {...card} />);
  // Sized by the page, not by its cards: only then does it scroll, and only the cards on screen render.
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        className="absolute inset-0 overflow-auto bg-gray-50"
        onScroll={(e) => {
          // Rendered again only when a new row of cards comes into reach, not on every scrolled pixel.
          const top = Math.floor(e.currentTarget.scrollTop / layout.rowHeight) * layout.rowHeight;
          setBox((b) => (b.top === top ? b : { ...b, top }));
        }}
        data-testid="gallery-scroller"
      >
        <div
          style={{
            height: Math.ceil(total / layout.perRow) * layout.rowHeight + layout.gap,
            position: 'relative',
          }}
        >
          {cards}
        </div>
      </div>
    </div>
  );
});

interface CardProps {
  index: number;
  row: Row | undefined;
  layout: GalleryLayout;
  title: ColumnMeta | undefined;
  fields: ColumnMeta[];
  cover: ColumnMeta | undefined;
  coverFit: 'cover' | 'contain';
  onOpen(index: number, row: Row): void;
}

/** One card at its place in the grid; unchanged cards are not rendered again while scrolling. */
const GalleryCard = memo(function GalleryCard({ index, row, layout, onOpen, ...card }: CardProps) {
  const style = {
    position: 'absolute' as const,
    top: Math.floor(index / layout.perRow) * layout.rowHeight + layout.gap,
    insetInlineStart: layout.gap + (index % layout.perRow) * (layout.cardWidth + layout.gap),
    width: layout.cardWidth,
    height: layout.rowHeight - layout.gap,
    // Fixed in size: its layout and paint never reach the others, nor theirs it.
    contain: 'strict' as const,
  };
  if (!row)
    return (
      <div
        style={style}
        className="rounded-lg border border-gray-100 bg-gray-50"
        data-testid="card-placeholder"
      />
    );
  return <RecordCard style={style} row={row} {...card} onClick={() => onOpen(index, row)} />;
});
