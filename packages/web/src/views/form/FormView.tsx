/**
 * The form builder: hidden fields on the side are dragged (or clicked) into the form and its fields dragged
 * to reorder or back out; each field takes its own label, help text, required mark and default value; the
 * form takes a heading, description, submit text and what happens after a submit. Every change is saved at
 * once; the shared form page reads the same settings.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Input, Spin, Switch } from 'antd';
import { Popover } from '../../components/still-popups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../api/notify';
import { orderBetween } from '../../api/views';
import { usePermissions } from '../../app/use-permissions';
import { ShareMenu } from '../share/ShareMenu';
import { FormAfterSubmit } from './FormAfterSubmit';
import { FormFieldCard } from './FormFieldCard';
import { FormImages } from './FormImages';
import {
  formApi,
  formKey,
  splitColumns,
  type FormColumn,
  type FormColumnPatch,
  type FormSettingsReply,
} from './form-builder-api';

interface Props {
  table: TableMeta;
  view: ViewMeta;
}

const FORM_DROP = 'form-drop';
const HIDDEN_DROP = 'hidden-drop';

/**
 * The field under the pointer wins over the form area around it (whose centre sits among the fields and would
 * otherwise swallow drops meant for a place between them); away from every field, the nearest one.
 */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const fields = hits.filter((h) => h.id !== FORM_DROP && h.id !== HIDDEN_DROP);
  if (fields.length) return fields;
  return hits.length ? hits : closestCenter(args);
};

export function FormView({ table, view }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useQuery({ queryKey: formKey(view.id), queryFn: () => formApi.read(view.id) });
  const [selected, setSelected] = useState<string>();
  // Only a role that edits views changes the form (docs/views.md, roles); the others see it as built.
  const canEdit = usePermissions(table.base_id).allowed('viewCreateOrEdit');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reload = () => qc.invalidateQueries({ queryKey: formKey(view.id) });

  const patchColumn = useMutation({
    mutationFn: ({ id, body }: { id: string; body: FormColumnPatch }) => formApi.updateColumn(id, body),
    onMutate: ({ id, body }) =>
      qc.setQueryData<FormSettingsReply>(formKey(view.id), (old) =>
        old ? { ...old, columns: old.columns.map((c) => (c.id === id ? { ...c, ...body } : c)) } : old,
      ),
    onSettled: () => void reload(),
  });
  const patchForm = useMutation({
    mutationFn: (body: Record<string, unknown>) => formApi.update(view.id, body),
    onSettled: () => void reload(),
  });
  const patchMeta = useMutation({
    mutationFn: (body: Record<string, unknown>) => formApi.updateViewMeta(view.id, body),
    onSettled: () => void reload(),
  });

  if (form.error) throw form.error;
  if (!form.data) return <Spin className="m-6" />;
  const settings = form.data;
  const { shown, hidden, columnOf } = splitColumns(table, settings.columns);

  /** Shows a field at a place in the form (before `beforeId`, or last). */
  const showAt = (vc: FormColumn, beforeId?: string) => {
    const rest = shown.filter((c) => c.id !== vc.id);
    const at = beforeId ? rest.findIndex((c) => c.id === beforeId) : rest.length;
    const index = at < 0 ? rest.length : at;
    const order = orderBetween(rest[index - 1]?.order, rest[index]?.order);
    patchColumn.mutate({ id: vc.id, body: { show: true, order } });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || !canEdit) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (activeId.startsWith('add:')) {
      const vc = hidden.find((c) => `add:${c.id}` === activeId);
      if (vc && overId !== HIDDEN_DROP) showAt(vc, overId === FORM_DROP ? undefined : overId);
      return;
    }
    const vc = shown.find((c) => c.id === activeId);
    if (!vc) return;
    if (overId === HIDDEN_DROP || overId.startsWith('add:')) {
      patchColumn.mutate({ id: vc.id, body: { show: false } });
      return;
    }
    if (overId === activeId || overId === FORM_DROP) return;
    const from = shown.findIndex((c) => c.id === activeId);
    const to = shown.findIndex((c) => c.id === overId);
    const rest = shown.filter((c) => c.id !== activeId);
    // Dropped on a field further down: after it; further up: before it.
    const index = to > from ? to : rest.findIndex((c) => c.id === overId);
    const order = orderBetween(rest[index - 1]?.order, rest[index]?.order);
    patchColumn.mutate({ id: vc.id, body: { order } });
  };

  const viewMeta = settings.meta ?? {};
  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
      <div className="flex items-center justify-end gap-1 border-b border-gray-200 px-2 py-1 text-[13px]">
        <Popover
          trigger="click"
          placement="bottomRight"
          destroyOnHidden
          content={
            <ShareMenu
              viewId={view.id}
              tableId={table.id}
              baseId={table.base_id}
              onError={(m) => notifyError(new Error(m))}
            />
          }
        >
          <Button size="small" type="text" data-testid="toolbar-share">
            {t('grid.toolbar.share')}
          </Button>
        </Popover>
      </div>
      {!canEdit && (
        <Alert
          className="m-2"
          type="info"
          showIcon
          title={t('formBuilder.readOnly')}
          data-testid="form-read-only"
        />
      )}
      <ConfigProvider componentDisabled={!canEdit}>
        <div
          className="flex h-full min-h-0"
          data-testid="form-builder"
          data-read-only={!canEdit || undefined}
        >
          <HiddenFields
            hidden={hidden}
            canEdit={canEdit}
            titleOf={(vc) => columnOf(vc).title}
            onAdd={(vc) => showAt(vc)}
            onAddAll={() =>
              hidden.forEach((vc, i) =>
                patchColumn.mutate({
                  id: vc.id,
                  body: { show: true, order: (shown.at(-1)?.order ?? 0) + i + 1 },
                }),
              )
            }
            onRemoveAll={() =>
              shown.forEach((vc) => patchColumn.mutate({ id: vc.id, body: { show: false } }))
            }
          />
          <div className="min-h-0 flex-1 overflow-auto bg-gray-50 p-6">
            <div className="mx-auto flex max-w-2xl flex-col gap-4 rounded-lg border border-gray-200 bg-white p-6">
              <FormImages
                viewId={view.id}
                settings={settings as unknown as Record<string, unknown>}
                disabled={!canEdit}
                onChange={(body) => patchForm.mutate(body)}
              />
              <Input
                variant="borderless"
                className="text-2xl font-semibold"
                placeholder={t('formBuilder.heading')}
                defaultValue={settings.heading ?? table.title}
                onBlur={(e) =>
                  e.target.value !== (settings.heading ?? table.title) &&
                  patchForm.mutate({ heading: e.target.value })
                }
                data-testid="form-heading"
              />
              <Input.TextArea
                variant="borderless"
                autoSize
                placeholder={t('formBuilder.description')}
                defaultValue={settings.subheading ?? ''}
                onBlur={(e) =>
                  e.target.value !== (settings.subheading ?? '') &&
                  patchForm.mutate({ subheading: e.target.value })
                }
                data-testid="form-description"
              />
              <FormDrop empty={shown.length === 0}>
                <SortableContext items={shown.map((c) => c.id)} strategy={verticalListSortingStrategy}>
                  {shown.map((vc) => (
                    <FormFieldCard
                      key={vc.id}
                      vc={vc}
                      column={columnOf(vc)}
                      selected={canEdit && selected === vc.id}
                      canEdit={canEdit}
                      onSelect={() => setSelected(vc.id)}
                      onChange={(body) => patchColumn.mutate({ id: vc.id, body })}
                    />
                  ))}
                </SortableContext>
              </FormDrop>
              <Input
                className="w-fit"
                placeholder={t('form.submit')}
                defaultValue={typeof viewMeta.submitText === 'string' ? viewMeta.submitText : ''}
                onBlur={(e) =>
                  e.target.value !== (viewMeta.submitText ?? '') &&
                  patchMeta.mutate({ submitText: e.target.value })
                }
                aria-label={t('formBuilder.submitText')}
                data-testid="form-submit-text"
              />
              <label className="flex items-center gap-2 text-sm">
                <Switch
                  size="small"
                  checked={viewMeta.hidePrefilled === true}
                  onChange={(v) => patchMeta.mutate({ hidePrefilled: v })}
                  data-testid="form-hide-prefilled"
                />
                {t('formBuilder.hidePrefilled')}
              </label>
              <FormAfterSubmit
                settings={settings}
                onChange={(body) => patchForm.mutate(body)}
                onMetaChange={(body) => patchMeta.mutate(body)}
              />
            </div>
          </div>
        </div>
      </ConfigProvider>
    </DndContext>
  );
}

function FormDrop({ empty, children }: { empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: FORM_DROP });
  return (
    <div
      ref={setNodeRef}
      className={`flex min-h-24 flex-col gap-2 rounded ${isOver ? 'bg-indigo-50' : ''} ${empty ? 'border border-dashed border-gray-300 p-6 text-center text-gray-400' : ''}`}
      data-testid="form-fields"
    >
      {empty ? t('formBuilder.dropHere') : children}
    </div>
  );
}

interface HiddenProps {
  hidden: FormColumn[];
  canEdit: boolean;
  titleOf(vc: FormColumn): string;
  onAdd(vc: FormColumn): void;
  onAddAll(): void;
  onRemoveAll(): void;
}

function HiddenFields({ hidden, canEdit, titleOf, onAdd, onAddAll, onRemoveAll }: HiddenProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: HIDDEN_DROP });
  return (
    <aside
      ref={setNodeRef}
      className={`flex w-60 shrink-0 flex-col gap-1 border-e border-gray-200 p-3 ${isOver ? 'bg-red-50' : ''}`}
      data-testid="form-hidden-fields"
    >
      <div className="flex items-center justify-between text-xs font-semibold uppercase text-gray-500">
        <span>{t('formBuilder.fields')}</span>
        <span className="flex gap-1 normal-case">
          <Button size="small" type="link" onClick={onAddAll} data-testid="form-add-all">
            {t('formBuilder.addAll')}
          </Button>
          <Button size="small" type="link" onClick={onRemoveAll} data-testid="form-remove-all">
            {t('formBuilder.removeAll')}
          </Button>
        </span>
      </div>
      {hidden.length === 0 && <p className="text-xs text-gray-400">{t('formBuilder.allAdded')}</p>}
      {hidden.map((vc) => (
        <HiddenField key={vc.id} vc={vc} title={titleOf(vc)} canEdit={canEdit} onAdd={() => onAdd(vc)} />
      ))}
    </aside>
  );
}

interface HiddenFieldProps {
  vc: FormColumn;
  title: string;
  canEdit: boolean;
  onAdd(): void;
}

function HiddenField({ vc, title, canEdit, onAdd }: HiddenFieldProps) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: `add:${vc.id}`, disabled: !canEdit });
  const style = drag.transform
    ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)`, zIndex: 10 }
    : undefined;
  return (
    <div
      ref={drag.setNodeRef}
      style={style}
      {...drag.attributes}
      {...drag.listeners}
      className="flex cursor-grab items-center justify-between rounded border border-gray-200 bg-white px-2 py-1 text-sm shadow-sm"
      data-testid={`form-hidden-${title}`}
    >
      <span className="truncate">{title}</span>
      <Button
        size="small"
        type="text"
        aria-label={t('formBuilder.add', { title })}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={onAdd}
      >
        +
      </Button>
    </div>
  );
}
