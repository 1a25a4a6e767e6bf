/**
 * The grid's DOM: one canvas under a transparent scroller (whose spacer gives native scrollbars their range),
 * plus the editor overlay. Events go to GridInput; painting is the controller's, on animation frames.
 */
import { useEffect, useRef, useState } from 'react';
import { EDITORS, POPUP_EDITORS } from '../../fields/editors';
import type { AfterCommit, EditorServices } from '../../fields/editors/editor-props';
import type { GridController } from './grid-controller';
import { copyRange, pasteText } from './grid-clipboard';
import { GridInput } from './grid-input';
import { cellProblemAt } from './cell-hint';
import { MISSING } from './row-cache';
import { single } from './selection';
import { placePopup } from './popup-place';

export interface EditingCell {
  row: number;
  col: number;
  initial?: string;
}

interface Props {
  controller: GridController;
  services: EditorServices;
  editing: EditingCell | null;
  setEditing(cell: EditingCell | null): void;
  onError(message: string): void;
}

export function GridCanvas({ controller: g, services, editing, setEditing, onError }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const [input] = useState(() => new GridInput(g));
  const [editorError, setEditorError] = useState<string>();

  useEffect(() => {
    const canvas = canvasRef.current!;
    const scroller = scrollerRef.current!;
    g.attach(canvas, scroller, spacerRef.current!);
    const resize = new ResizeObserver(() => g.resize(scroller.clientWidth, scroller.clientHeight));
    resize.observe(scroller);
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey) return; // pinch zoom
      e.preventDefault();
      const unit = e.deltaMode === 1 ? g.rowHeight : e.deltaMode === 2 ? g.bodyHeight : 1;
      const dx = e.shiftKey && !e.deltaX ? e.deltaY : e.deltaX;
      const dy = e.shiftKey && !e.deltaX ? 0 : e.deltaY;
      g.onWheel(dx * unit, dy * unit);
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    const point = (e: MouseEvent) => {
      const r = scroller.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top] as const;
    };
    const onMove = (e: MouseEvent) => {
      const [x, y] = point(e);
      input.mouseMove(x, y);
      if (e.target === scroller || e.target === spacerRef.current) {
        scroller.style.cursor = input.cursorAt(x, y);
        const hint = cellProblemAt(g, x, y) ?? '';
        if (scroller.title !== hint) scroller.title = hint;
      }
    };
    const onUp = (e: MouseEvent) => input.mouseUp(point(e)[0]);
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    const focused = () => document.activeElement === scroller;
    const onCopy = (e: ClipboardEvent) => {
      if (!focused()) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', copyRange(g, g.range));
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!focused()) return;
      e.preventDefault();
      void pasteText(g, e.clipboardData?.getData('text/plain') ?? '').then((m) => m && onError(m));
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      resize.disconnect();
      scroller.removeEventListener('wheel', onWheel);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [g, input, onError]);

  // Keep the editor over its cell while the grid scrolls under it.
  useEffect(() => {
    if (!editing) return;
    const place = () => {
      const el = editorRef.current;
      if (!el) return;
      const r = g.cellRect(editing.row, editing.col);
      const popup = POPUP_EDITORS.has(g.types[editing.col]!.editor!);
      el.style.minWidth = `${r.w}px`;
      el.style.height = popup ? 'auto' : `${r.h}px`;
      const area = el.parentElement!;
      const { x, y } = popup
        ? placePopup(r, el.offsetWidth, el.offsetHeight, area.clientWidth, area.clientHeight)
        : r;
      el.style.transform = `translate(${x}px, ${y}px)`;
    };
    place();
    // A popup grows when its content loads (the record picker's list): place it again then.
    const grown = new ResizeObserver(place);
    if (editorRef.current) grown.observe(editorRef.current);
    const off = g.onFrame(place);
    return () => {
      grown.disconnect();
      off();
    };
  }, [g, editing]);

  // The cell being edited, cleared synchronously on close: moving focus back to the grid blurs the editor,
  // and that blur must not commit a second time.
  const editingRef = useRef(editing);
  editingRef.current = editing;

  const closeEditor = (after: AfterCommit) => {
    const editing = editingRef.current;
    if (!editing) return;
    editingRef.current = null;
    setEditing(null);
    setEditorError(undefined);
    const { row, col } = editing;
    const next =
      after === 'down'
        ? single(Math.min(row + 1, g.rowCount - 1), col)
        : after === 'right'
          ? single(row, Math.min(col + 1, g.columns.length - 1))
          : after === 'left'
            ? single(row, Math.max(col - 1, 0))
            : single(row, col);
    g.select(next);
    scrollerRef.current?.focus();
  };

  const commitValue = (value: unknown, after: AfterCommit) => {
    const editing = editingRef.current;
    if (!editing) return;
    const { row, col } = editing;
    closeEditor(after);
    void g.commitValues([{ row, col, value }]).then((m) => m && onError(m));
  };

  const commitText = (text: string, after: AfterCommit) => {
    const editing = editingRef.current;
    if (!editing) return;
    const column = g.columns[editing.col]!;
    const value = g.value(editing.row, editing.col);
    if (editing.initial === undefined && text === g.types[editing.col]!.format(value, column))
      return closeEditor(after);
    const parsed = g.types[editing.col]!.parse(text, column);
    if (!parsed.ok) {
      if (after === 'stay') {
        // Focus left the editor: drop the edit but say why.
        onError(parsed.message);
        closeEditor('stay');
      } else setEditorError(parsed.message);
      return;
    }
    commitValue(parsed.value, after);
  };

  const editingType = editing ? g.types[editing.col] : undefined;
  const Editor = editingType?.editor ? EDITORS[editingType.editor] : undefined;
  const editingValue = editing ? g.value(editing.row, editing.col) : undefined;

  // The grid stays left-to-right in a right-to-left page (Arabic, Persian): the canvas paints in the element's
  // direction and the scroller measures from its start edge, so under `rtl` titles were clipped to their last
  // letters and headers scrolled apart from their cells. Fields read first-left, as in the field list and the API.
  return (
    // `overflow: clip`, not hidden: a hidden overflow can still be scrolled by focusing something inside it
    // (an editor's input), which slid the whole grid sideways under the canvas.
    <div className="relative h-full w-full" style={{ overflow: 'clip' }} data-testid="grid" dir="ltr">
      <canvas ref={canvasRef} className="pointer-events-none absolute top-0 left-0" />
      <div
        ref={scrollerRef}
        tabIndex={0}
        data-testid="grid-scroller"
        className="absolute inset-0 overflow-auto outline-none"
        onScroll={() => g.onNativeScroll()}
        onMouseDown={(e) => {
          const scroller = scrollerRef.current;
          if (!scroller || (e.target !== scroller && e.target !== spacerRef.current)) return;
          const r = scroller.getBoundingClientRect();
          if (e.clientX - r.left >= scroller.clientWidth) return; // on the scrollbar
          if (e.clientY - r.top >= scroller.clientHeight) return;
          scroller.focus();
          input.mouseDown(e.clientX - r.left, e.clientY - r.top, e);
        }}
        onDoubleClick={(e) => {
          const r = scrollerRef.current!.getBoundingClientRect();
          input.doubleClick(e.clientX - r.left, e.clientY - r.top);
        }}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (input.keyDown(e)) e.preventDefault();
        }}
      >
        <div ref={spacerRef} />
      </div>
      {editing && Editor && editingValue !== MISSING && (
        <div ref={editorRef} className="absolute top-0 left-0 z-10" onMouseDown={(e) => e.stopPropagation()}>
          <Editor
            key={`${editing.row}/${editing.col}/${editing.initial ?? ''}`}
            column={g.columns[editing.col]!}
            type={editingType!}
            value={editingValue}
            rowId={g.rowIdAt(editing.row)}
            initial={editing.initial}
            services={services}
            commitText={commitText}
            commitValue={commitValue}
            cancel={() => closeEditor('stay')}
          />
          {editorError && (
            <div
              data-testid="cell-error"
              className="mt-1 rounded bg-red-600 px-2 py-1 text-xs whitespace-nowrap text-white"
            >
              {editorError}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
