/**
 * A row expanded into a form: every field of the table with its value, editable fields saved one by one through
 * the grid (so undo and the optimistic display behave as in cells), and the record's comments.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { Button, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { EditorServices } from '../../fields/editors/editor-props';
import { cellTypeOf } from '../../fields/registry';
import { typeLabel } from '../../fields/type-label';
import type { GridController } from './grid-controller';
import { useTranslation } from 'react-i18next';

interface Comment {
  id: string;
  description: string;
  created_by_email?: string;
  created_at?: string;
}

interface Props {
  controller: GridController;
  table: TableMeta;
  row: number;
  services: EditorServices;
  onClose(): void;
  onError(message: string): void;
}

export function ExpandedRecord({ controller: g, table, row, services, onClose, onError }: Props) {
  const { t } = useTranslation();
  const record = g.cache.record(g.dataRow(row));
  const rowId = g.rowIdAt(row);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [comments, setComments] = useState<Comment[]>([]);
  const [comment, setComment] = useState('');
  const commentsPath = `/api/v1/db/meta/audits/comments?row_id=${encodeURIComponent(String(rowId))}&fk_model_id=${table.id}`;

  useEffect(() => {
    void services
      .call<{ list: Comment[] } | Comment[]>('GET', commentsPath)
      .then((r) => setComments(Array.isArray(r) ? r : r.list))
      .catch(() => setComments([]));
  }, [commentsPath, services]);

  const save = async (title: string) => {
    const col = g.columns.findIndex((c) => c.title === title);
    const text = drafts[title];
    if (text === undefined) return;
    const message = col >= 0 ? await g.commitText(row, col, text) : t('grid.record.notShown');
    if (message) onError(message);
    else setDrafts(({ [title]: _, ...rest }) => rest);
  };

  const addComment = async () => {
    if (!comment.trim()) return;
    try {
      const created = await services.call<Comment>('POST', '/api/v1/db/meta/audits/comments', {
        row_id: String(rowId),
        fk_model_id: table.id,
        description: comment,
      });
      setComments((prev) => [...prev, created]);
      setComment('');
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      open
      width={720}
      title={`${table.title} #${String(rowId ?? row + 1)}`}
      onCancel={onClose}
      footer={null}
    >
      <div data-testid="expanded-record" className="flex flex-col gap-3">
        {(table.columns ?? [])
          .filter((c) => !(c.pk && c.uidt === 'ID') && !isRowOrderColumn(c))
          .map((c) => {
            const type = cellTypeOf(c.uidt);
            // QR codes and barcodes show the value of the field they encode.
            const sourceId = type.valueFrom?.(c);
            const source = sourceId && table.columns?.find((s) => s.id === sourceId);
            const value = record?.[source ? source.title : c.title];
            const display = type.format(value, c);
            const problem = type.problem?.(display, c);
            const editable = !!(type.editor || type.toggle) && g.columns.some((s) => s.id === c.id);
            return (
              <label key={c.id} className="flex flex-col gap-1">
                <span className="flex gap-2 text-xs text-gray-500">
                  <span>{c.title}</span>
                  <span className="text-gray-400" data-testid="expanded-field-type">
                    {typeLabel(t, c.uidt)}
                  </span>
                </span>
                {editable ? (
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 8 }}
                    value={drafts[c.title] ?? display}
                    onChange={(e) => setDrafts((d) => ({ ...d, [c.title]: e.target.value }))}
                    onBlur={() => void save(c.title)}
                  />
                ) : (
                  <span className="min-h-6 text-sm">{display}</span>
                )}
                {problem && (
                  <span className="text-xs text-red-600" data-testid="field-problem">
                    {problem}
                  </span>
                )}
              </label>
            );
          })}
        <section className="border-t border-gray-100 pt-3">
          <h3 className="mb-2 text-sm font-medium">{t('grid.record.comments')}</h3>
          <ul className="mb-2 flex flex-col gap-1 text-sm">
            {comments.map((c) => (
              <li key={c.id}>
                <span className="text-gray-500">{c.created_by_email}</span> {c.description}
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Input
              value={comment}
              placeholder={t('grid.record.comment')}
              onChange={(e) => setComment(e.target.value)}
              onPressEnter={() => void addComment()}
            />
            <Button onClick={() => void addComment()}>{t('grid.record.addComment')}</Button>
          </div>
        </section>
      </div>
    </Modal>
  );
}
