/**
 * A row expanded into a form: every field of the table with the grid's own editor for its type. Fields shown
 * in the grid are saved through the grid (so undo and the optimistic display behave as in cells, and the grid
 * shows the result at once); fields hidden in this view are read and saved with the row API. Below the
 * fields, the row's comments.
 */
import { isIdColumn } from '@rowbase/core/fields/traits';
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { Modal } from 'antd';
import { useEffect, useReducer, useState } from 'react';
import { usePermissions } from '../../app/use-permissions';
import { useStillModalMotion } from '../../components/modal-motion';
import type { EditorServices } from '../../fields/editors/editor-props';
import { cellTypeOf } from '../../fields/registry';
import type { GridController } from '../grid/grid-controller';
import { CommentsPanel } from './CommentsPanel';
import { RecordField } from './RecordField';
import { RowHistory } from './RowHistory';

interface Props {
  controller: GridController;
  table: TableMeta;
  row: number;
  services: EditorServices;
  onClose(): void;
  onError(message: string): void;
  onCommentCount(rowId: string, count: number): void;
}

type Row = Record<string, unknown>;

export function ExpandedRecord({
  controller: g,
  table,
  row,
  services,
  onClose,
  onError,
  onCommentCount,
}: Props) {
  const motion = useStillModalMotion();
  const rowId = g.rowIdAt(row);
  // A viewer reads the record; the server would refuse their edits anyway.
  const canEdit = usePermissions(table.base_id).allowed('dataEdit') && !g.readOnly;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // The whole row, for the fields this view hides (the grid loads only its shown fields).
  const [stored, setStored] = useState<Row>({});
  const idKey = table.columns?.find((c) => c.pk)?.title ?? 'Id';

  useEffect(() => {
    if (rowId === undefined) return;
    void services
      .call<Row>('GET', `/api/v2/tables/${table.id}/records/${encodeURIComponent(String(rowId))}`)
      .then(setStored)
      .catch(() => setStored({}));
  }, [rowId, services, table.id]);
  // Local edits, rollbacks and other people's changes all pass through the grid's row cache.
  useEffect(() => g.cache.subscribe(rerender), [g]);

  const gridCol = (c: ColumnMeta) => g.columns.findIndex((s) => s.id === c.id);
  const valueOf = (c: ColumnMeta) => {
    const col = gridCol(c);
    return col >= 0 ? g.value(row, col) : stored[c.title];
  };

  // Bumped after each save, so the row's history reloads.
  const [saves, setSaves] = useState(0);
  const save = async (c: ColumnMeta, value: unknown): Promise<string | undefined> => {
    const error = await saveValue(c, value);
    setSaves((n) => n + 1);
    return error;
  };
  const saveValue = async (c: ColumnMeta, value: unknown): Promise<string | undefined> => {
    const col = gridCol(c);
    if (col >= 0) {
      return g.commitValues([{ row, col, value }]);
    }
    const before = stored[c.title];
    setStored((s) => ({ ...s, [c.title]: value }));
    try {
      await services.call('PATCH', `/api/v2/tables/${table.id}/records`, [
        { [idKey]: rowId, [c.title]: value },
      ]);
      return undefined;
    } catch (e) {
      setStored((s) => ({ ...s, [c.title]: before }));
      return e instanceof Error ? e.message : String(e);
    }
  };

  /** The record picker linked or unlinked records itself; the grid's count follows without another write. */
  const linksChanged = (c: ColumnMeta, value: unknown) => {
    const col = gridCol(c);
    if (col >= 0) g.cache.set(g.dataRow(row), g.dataCol(col), value);
    setStored((s) => ({ ...s, [c.title]: value }));
  };

  return (
    <Modal
      {...motion}
      open
      width={720}
      title={`${table.title} #${String(rowId ?? row + 1)}`}
      onCancel={onClose}
      footer={null}
    >
      <div data-testid="expanded-record" className="flex flex-col gap-3">
        {(table.columns ?? [])
          .filter((c) => !isIdColumn(c) && !isRowOrderColumn(c))
          .map((c) => {
            const type = cellTypeOf(c.uidt);
            // QR codes and barcodes show the value of the field they encode.
            const sourceId = type.valueFrom?.(c);
            const source = sourceId ? table.columns?.find((s) => s.id === sourceId) : undefined;
            return (
              <RecordField
                key={c.id}
                column={c}
                type={type}
                value={valueOf(source ?? c)}
                rowId={rowId}
                editable={canEdit && !source && !!(type.editor || type.toggle)}
                services={services}
                save={(value) => save(c, value)}
                linksChanged={(value) => linksChanged(c, value)}
              />
            );
          })}
        {rowId !== undefined && rowId !== null && (
          <CommentsPanel
            baseId={table.base_id}
            tableId={table.id}
            rowId={String(rowId)}
            onError={onError}
            onCountChanged={onCommentCount}
          />
        )}
        {rowId !== undefined && rowId !== null && (
          <RowHistory tableId={table.id} rowId={String(rowId)} version={saves} />
        )}
      </div>
    </Modal>
  );
}
