/**
 * A shared grid (or gallery, kanban, map: their rows as a grid) for anyone with the link: the canvas grid in
 * read-only mode with only the fields the share exposes, and CSV download when the share allows it.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifyError } from '../../api/notify';
import type { EditorServices } from '../../fields/editors/editor-props';
import { GridCanvas } from '../../views/grid/GridCanvas';
import { GridController } from '../../views/grid/grid-controller';
import { gridColumns } from '../../views/grid/grid-columns';
import { ROW_HEIGHTS } from '../../views/grid/use-grid';
import { sharedRowsSource } from './shared-grid-source';
import { sharedViewPath, type SharedCalls, type SharedViewMeta } from './use-shared-view';

interface Props {
  uuid: string;
  meta: SharedViewMeta;
  calls: SharedCalls;
}

const onError = (m: string) => notifyError(new Error(m));
const ignore = () => undefined;

export function SharedGrid({ uuid, meta, calls }: Props) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number>();
  const controller = useMemo(() => {
    const settings = meta.columns.map((c) => ({ ...c, show: c.show ?? true, order: c.order ?? 0 }));
    const layout = gridColumns(meta.model.columns as unknown as ColumnMeta[], settings);
    return new GridController({
      source: sharedRowsSource(calls),
      columns: layout.columns,
      widths: layout.widths,
      frozen: layout.frozen,
      rowHeight: ROW_HEIGHTS[0],
      idKey: meta.model.columns.find((c) => c.pk)?.title ?? 'Id',
      readOnly: true,
      callbacks: { onError, onEdit: ignore, onHeaderMenu: ignore, onColumnsChange: ignore, onExpand: ignore },
    });
  }, [meta, calls]);
  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(
    () => controller.cache.subscribe(() => controller.cache.countKnown && setCount(controller.rowCount)),
    [controller],
  );

  const services = useMemo<EditorServices>(
    () => ({
      tableId: meta.model.id,
      call: () => Promise.reject(new Error('A shared view is read-only')),
      upload: () => Promise.reject(new Error('A shared view is read-only')),
    }),
    [meta.model.id],
  );

  const download = async () => {
    try {
      const res = await fetch(`${sharedViewPath(uuid)}/rows/export/csv`, { headers: calls.headers });
      if (!res.ok) throw new Error(((await res.json()) as { msg?: string }).msg ?? res.statusText);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(await res.blob());
      a.download = `${meta.title}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      notifyError(new Error(errorMessageOf(e)));
    }
  };

  return (
    <div
      className="flex h-[calc(100vh-6rem)] flex-col rounded border border-gray-200 bg-white"
      data-testid="shared-grid"
    >
      <div className="flex items-center gap-3 border-b border-gray-200 px-3 py-2">
        <h1 className="text-base font-semibold" data-testid="shared-view-title">
          {meta.model.title === meta.title ? meta.title : `${meta.model.title} · ${meta.title}`}
        </h1>
        <span className="text-xs text-gray-500">{count !== undefined && t('table.rowCount', { count })}</span>
        <div className="flex-1" />
        {meta.meta?.allowCSVDownload === true && (
          <Button size="small" onClick={() => void download()} data-testid="shared-download-csv">
            {t('sharedView.downloadCsv')}
          </Button>
        )}
      </div>
      <div className="relative min-h-0 flex-1">
        <GridCanvas
          controller={controller}
          services={services}
          editing={null}
          setEditing={ignore}
          onError={onError}
        />
      </div>
    </div>
  );
}
