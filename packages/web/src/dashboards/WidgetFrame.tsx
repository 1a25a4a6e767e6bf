/** A widget's card: a title bar (the drag handle), actions for creators, and the content. */
import type { WidgetMeta } from '@rowbase/core/api/dashboards';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function WidgetFrame({
  widget,
  children,
  onEdit,
  onDelete,
}: {
  widget: WidgetMeta;
  children: ReactNode;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="widget-drag flex min-h-8 items-center justify-between gap-2 border-b border-gray-100 px-3 py-1">
        <span className="truncate text-sm font-medium text-gray-800" data-testid="widget-title">
          {widget.config.title || t(`dashboard.type.${widget.type}`)}
        </span>
        {(onEdit || onDelete) && (
          <span className="flex shrink-0 gap-1">
            {onEdit && (
              <Button
                size="small"
                type="text"
                onClick={onEdit}
                data-testid="widget-edit"
                aria-label={t('dashboard.editWidget')}
              >
                ✎
              </Button>
            )}
            {onDelete && (
              <Button
                size="small"
                type="text"
                danger
                onClick={onDelete}
                data-testid="widget-delete"
                aria-label={t('dashboard.deleteWidget')}
              >
                ✕
              </Button>
            )}
          </span>
        )}
      </div>
      <div className="min-h-0 flex-1 p-2">{children}</div>
    </div>
  );
}
