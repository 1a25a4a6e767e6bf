/**
 * The record picker of link fields: lists the related table's records (searchable), and links or unlinks one
 * with the v2 links API: POST/DELETE /api/v2/tables/{tableId}/links/{linkFieldId}/records/{rowId}.
 */
import { linkOptions } from '@rowbase/core/fields/col-options';
import { useEffect, useState } from 'react';
import type { EditorProps } from './editor-props';
import { labelOf } from '../computed-types';
import { useTranslation } from 'react-i18next';

type Row = Record<string, unknown>;

export function LinksEditor(p: EditorProps) {
  const { t } = useTranslation();
  const options = linkOptions(p.column);
  const related = options?.fk_related_model_id;
  const [search, setSearch] = useState('');
  const [candidates, setCandidates] = useState<Row[]>([]);
  const [linked, setLinked] = useState<Row[]>([]);
  const [error, setError] = useState<string>();
  const linksPath = `/api/v2/tables/${p.services.tableId}/links/${p.column.id}/records/${String(p.rowId)}`;

  useEffect(() => {
    void p.services
      .call<{ list: Row[] }>('GET', linksPath)
      .then((r) => setLinked(r.list))
      .catch((e: Error) => setError(e.message));
  }, [linksPath, p.services]);

  useEffect(() => {
    if (!related) return;
    const where = search ? `&where=${encodeURIComponent(`(Title,like,%${search}%)`)}` : '';
    const timer = setTimeout(() => {
      void p.services
        .call<{ list: Row[] }>('GET', `/api/v2/tables/${related}/records?limit=25${where}`)
        .then((r) => setCandidates(r.list))
        .catch((e: Error) => setError(e.message));
    }, 150);
    return () => clearTimeout(timer);
  }, [related, search, p.services]);

  const isLinked = (row: Row) => linked.some((l) => l.Id === row.Id);
  const toggle = async (row: Row) => {
    try {
      await p.services.call(isLinked(row) ? 'DELETE' : 'POST', linksPath, [{ Id: row.Id }]);
      const next = isLinked(row) ? linked.filter((l) => l.Id !== row.Id) : [...linked, row];
      setLinked(next);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const close = () => p.commitValue(typeof p.value === 'number' ? linked.length : linked, 'stay');

  return (
    <div
      data-testid="cell-editor"
      className="w-80 rounded border border-gray-200 bg-white text-[13px] shadow-lg"
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <input
        autoFocus
        className="w-full border-b border-gray-100 px-2 py-1 outline-none"
        placeholder={t('grid.editor.searchRecords')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="max-h-64 overflow-auto py-1">
        {candidates.map((row) => (
          <li
            key={String(row.Id)}
            className="flex cursor-pointer items-center gap-2 px-2 py-1 hover:bg-gray-50"
            onClick={() => void toggle(row)}
          >
            <input type="checkbox" readOnly checked={isLinked(row)} />
            <span className="truncate">{labelOf(row)}</span>
          </li>
        ))}
      </ul>
      {error && <p className="px-2 text-red-600">{error}</p>}
      <div className="flex justify-end border-t border-gray-100 p-1">
        <button className="rounded bg-indigo-600 px-2 py-1 text-white" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
