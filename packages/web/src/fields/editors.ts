/** The editor overlay component of each editor kind (typed, so a new kind without an editor fails to compile). */
import type { ComponentType } from 'react';
import type { EditorKind } from './cell-type';
import { AttachmentEditor } from './editors/AttachmentEditor';
import { DateEditor } from './editors/DateEditor';
import type { EditorProps } from './editors/editor-props';
import { LinksEditor } from './editors/LinksEditor';
import { SelectEditor } from './editors/SelectEditor';
import { LongTextEditor, TextEditor } from './editors/TextEditor';

export const EDITORS: { [K in EditorKind]: ComponentType<EditorProps> } = {
  text: TextEditor,
  longText: LongTextEditor,
  number: TextEditor,
  date: DateEditor,
  select: SelectEditor,
  multiSelect: SelectEditor,
  json: LongTextEditor,
  attachment: AttachmentEditor,
  links: LinksEditor,
  user: TextEditor,
};

/** Editors that float as a popup below the cell rather than filling it. */
export const POPUP_EDITORS: ReadonlySet<EditorKind> = new Set([
  'longText',
  'json',
  'select',
  'multiSelect',
  'attachment',
  'links',
]);
