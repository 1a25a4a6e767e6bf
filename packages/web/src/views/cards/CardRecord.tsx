/**
 * The record behind a gallery or kanban card, expanded: every field with its value; text-like fields are edited
 * in place and saved on leaving them, checked by the field registry's parser (its message shown under the
 * field). Attachments, links and computed fields are shown, edited in the grid.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { usePermissions } from '../../app/use-permissions';
import { cellTypeOf } from '../../fields/registry';
import { useStillModalMotion } from '../../components/modal-motion';
import { displayColumn, type Row } from './card-data';

interface Props {
  table: TableMeta;
  rowId: unknown;
  /** A shared page's row: shown as it is, nothing edited or read again. */
  row?: Row;
  onClose(): void;
  onSaved(row: Row): void;
}

/** Editors that need more than a line of text stay in the grid. */
const IN_PLACE = new Set(['text', 'longText', 'number', 'date', 'select', 'json']);

export function CardRecord({ table, rowId, row, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const motion = useStillModalMotion();
  const path = `/api/v1/db/data/noco/${table.base_id}/${table.id}/${encodeURIComponent(String(rowId))}`;
  const record = useQuery({
    queryKey: ['record', table.id, rowId],
    queryFn: () => (row ? Promise.resolve(row) : api.get<Row>(path)),
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A viewer or commenter reads the record; only a role that edits data gets inputs (docs/views.md).
  const { allowed } = usePermissions(table.base_id);
  const canEdit = !row && allowed('dataEdit');
  const columns = (table.columns ?? []).filter((c) => !c.system && !isRowOrderColumn(c) && !c.pk);
  const title = displayColumn(table);

  const save = async (c: ColumnMeta, text: string) => {
    const type = cellTypeOf(c.uidt as UIType);
    if (text === type.format(record.data?.[c.title], c)) return;
    const parsed = type.parse(text, c);
    if (!parsed.ok) return setProblems((p) => ({ ...p, [c.title]: parsed.message }));
    try {
      const saved = await api.patch<Row>(path, { [c.title]: parsed.value });
      setProblems(({ [c.title]: _, ...rest }) => rest);
      const next = { ...record.data, ...saved };
      await record.refetch();
      onSaved(next);
    } catch (e) {
      setProblems((p) => ({ ...p, [c.title]: errorMessageOf(e) }));
    }
  };

  return (
    <Modal
      {...motion}
      open
      onCancel={onClose}
      footer={null}
      width={640}
      title={
        record.data && title ? cellTypeOf(title.uidt as UIType).format(record.data[title.title], title) : ''
      }
    >
      {!record.data ? (
        <Spin />
      ) : (
        <div className="flex flex-col gap-3" data-testid="card-record">
          {columns.map((c) => {
            const type = cellTypeOf(c.uidt as UIType);
            const shown = type.format(record.data[c.title], c);
            const editable = canEdit && type.editor !== null && IN_PLACE.has(type.editor);
            return (
              <label key={c.id} className="flex flex-col gap-1 text-sm">
                <span className="text-xs text-gray-500">{c.title}</span>
                {editable ? (
                  <Input
                    defaultValue={shown}
                    status={problems[c.title] ? 'error' : undefined}
                    onBlur={(e) => void save(c, e.target.value)}
                    onPressEnter={(e) => void save(c, e.currentTarget.value)}
                    data-testid={`card-record-${c.title}`}
                  />
                ) : (
                  <span className="min-h-6 text-gray-800" data-testid={`card-record-${c.title}`}>
                    {shown || '—'}
                  </span>
                )}
                {problems[c.title] && (
                  <span className="text-xs text-red-600" role="alert">
                    {problems[c.title]}
                  </span>
                )}
              </label>
            );
          })}
          {canEdit && <p className="text-xs text-gray-400">{t('cards.editInGrid')}</p>}
        </div>
      )}
    </Modal>
  );
}
