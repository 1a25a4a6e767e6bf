/** A page's content shown read-only from its ProseMirror JSON (published pages, snapshot previews). */
import type { DocNodeJson } from '@rowbase/core/api/docs';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { docExtensions } from './doc-extensions';
import './docs.css';

export function DocView({ content, testId }: { content: DocNodeJson; testId?: string }) {
  const editor = useEditor({
    extensions: docExtensions(false),
    editable: false,
    content,
    editorProps: { attributes: { class: 'rb-doc-content', ...(testId ? { 'data-testid': testId } : {}) } },
  });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(content);
  }, [editor, content]);
  return <EditorContent editor={editor} />;
}
