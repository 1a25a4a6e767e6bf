/** Attachments: thumbnails of what the cell holds, remove buttons, and upload (picker or drop). */
import { useState } from 'react';
import type { EditorProps } from './editor-props';
import { attachmentsOf, attachmentUrl } from '../computed-types';
import { useTranslation } from 'react-i18next';

export function AttachmentEditor(p: EditorProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState(() => attachmentsOf(p.value));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const upload = async (files: File[]) => {
    if (!files.length) return;
    setBusy(true);
    setError(undefined);
    try {
      const added = (await p.services.upload(files)) as typeof items;
      setItems((prev) => [...prev, ...added]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      data-testid="cell-editor"
      className="w-80 rounded border border-gray-200 bg-white p-2 text-[13px] shadow-lg"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void upload([...e.dataTransfer.files]);
      }}
      onKeyDown={(e) => e.key === 'Escape' && p.cancel()}
    >
      <div className="flex flex-wrap gap-2">
        {items.map((a, i) => (
          <div key={i} className="relative h-16 w-16 rounded border border-gray-200 text-[11px]">
            {(a.mimetype ?? '').startsWith('image/') ? (
              <img src={attachmentUrl(a)} alt={a.title} className="h-full w-full object-cover" />
            ) : (
              <span className="block truncate p-1">{a.title}</span>
            )}
            <button
              className="absolute -top-2 -right-2 h-4 w-4 rounded-full bg-gray-700 text-[10px] leading-none text-white"
              aria-label={`Remove ${a.title ?? ''}`}
              onClick={() => setItems((prev) => prev.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <label className="mt-2 block cursor-pointer rounded border border-dashed border-gray-300 p-2 text-center text-gray-500">
        {busy ? t('grid.editor.uploading') : t('grid.editor.dropToUpload')}
        <input
          type="file"
          multiple
          className="hidden"
          data-testid="attachment-input"
          onChange={(e) => void upload([...(e.target.files ?? [])])}
        />
      </label>
      {error && <p className="mt-1 text-red-600">{error}</p>}
      <div className="mt-2 flex justify-end gap-2">
        <button className="px-2 py-1" onClick={p.cancel}>
          Cancel
        </button>
        <button
          className="rounded bg-indigo-600 px-2 py-1 text-white"
          disabled={busy}
          onClick={() => p.commitValue(items.length ? items : null, 'stay')}
        >
          Save
        </button>
      </div>
    </div>
  );
}
