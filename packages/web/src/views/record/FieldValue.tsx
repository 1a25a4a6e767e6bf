/**
 * A field's value in the expanded record, drawn as the grid draws the cell but in the DOM: coloured option tags,
 * attachment thumbnails, linked records' labels, stars; other types as their formatted text.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { useEffect, useState } from 'react';
import type { CellType } from '../../fields/cell-type';
import { optionColor, selectedTitles } from '../../fields/choice-types';
import { attachmentsOf, attachmentUrl, labelOf } from '../../fields/computed-types';
import type { EditorServices } from '../../fields/editors/editor-props';

interface Props {
  column: ColumnMeta;
  type: CellType;
  value: unknown;
  rowId: unknown;
  services: EditorServices;
}

export function FieldValue({ column, type, value, rowId, services }: Props) {
  switch (type.editor) {
    case 'select':
    case 'multiSelect':
      return (
        <span className="flex flex-wrap gap-1">
          {selectedTitles(value).map((title) => (
            <span
              key={title}
              data-testid="field-chip"
              className="rounded-full px-2 text-[13px]"
              style={{ background: optionColor(column, title) }}
            >
              {title}
            </span>
          ))}
        </span>
      );
    case 'attachment':
      return (
        <span className="flex flex-wrap gap-2">
          {attachmentsOf(value).map((a, i) => (
            <span
              key={i}
              data-testid="field-attachment"
              className="flex h-12 max-w-40 items-center overflow-hidden rounded border border-gray-200 text-[11px]"
              title={a.title}
            >
              {(a.mimetype ?? '').startsWith('image/') ? (
                <img src={attachmentUrl(a)} alt={a.title} className="h-full w-12 object-cover" />
              ) : (
                <span className="truncate px-1">{a.title}</span>
              )}
            </span>
          ))}
        </span>
      );
    case 'links':
      return <LinkedRecords column={column} value={value} rowId={rowId} services={services} />;
    default:
      return <span className="text-sm break-words whitespace-pre-wrap">{type.format(value, column)}</span>;
  }
}

/**
 * The grid keeps only a count for a link cell; the form lists the linked records by their display value.
 * Refetched whenever the shown value changes (after the picker closed).
 */
function LinkedRecords({ column, value, rowId, services }: Omit<Props, 'type'>) {
  const [labels, setLabels] = useState<string[]>();
  useEffect(() => {
    if (rowId === undefined || rowId === null) return;
    const path = `/api/v2/tables/${services.tableId}/links/${column.id}/records/${String(rowId)}`;
    let live = true;
    void services
      .call<{ list: unknown[] }>('GET', path)
      .then((r) => live && setLabels(r.list.map(labelOf)))
      .catch(() => live && setLabels(undefined));
    return () => {
      live = false;
    };
  }, [column.id, rowId, services, value]);
  const shown = labels ?? (Array.isArray(value) ? value.map(labelOf) : []);
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((label, i) => (
        <span key={i} data-testid="field-chip" className="rounded bg-gray-100 px-2 text-[13px]">
          {label}
        </span>
      ))}
    </span>
  );
}
