/** One widget's content: reads its data (through the view, server-side) and draws it by type. */
import type { WidgetData, WidgetMeta } from '@rowbase/core/api/dashboards';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { extractErrorMessage } from '@rowbase/core/errors';
import type { ApiError } from '../api/client';
import { ChartWidget } from './ChartWidget';
import { Markdown } from './markdown';

const DATA_TYPES = new Set(['number', 'bar', 'line', 'area', 'pie', 'table']);

export function WidgetView({
  widget,
  load,
  poll,
  onData,
}: {
  widget: WidgetMeta;
  load: () => Promise<WidgetData>;
  /** Refetch every so many ms (public pages have no socket). */
  poll?: number;
  /** Told each time data arrives (the dashboard learns which tables to watch). */
  onData?: (data: WidgetData) => void;
}) {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: ['widget-data', widget.id, widget.updated_at],
    queryFn: load,
    enabled: DATA_TYPES.has(widget.type),
    refetchInterval: poll,
  });
  useEffect(() => {
    if (data.data) onData?.(data.data);
  }, [data.data, onData]);
  if (widget.type === 'text') return <Markdown source={widget.config.markdown} />;
  if (widget.type === 'image')
    return (
      <img
        src={widget.config.url}
        alt={widget.config.alt ?? ''}
        className="h-full w-full object-contain"
        data-testid="widget-image"
      />
    );
  if (data.error) return <Alert type="error" message={extractErrorMessage(data.error as ApiError)} />;
  if (!data.data) return <Spin />;
  const d = data.data;
  if (d.kind === 'number')
    return (
      <div className="flex h-full flex-col items-center justify-center">
        <div className="text-4xl font-semibold text-gray-900" data-testid="widget-number">
          {d.value === null ? '—' : typeof d.value === 'number' ? d.value.toLocaleString() : d.value}
        </div>
        <div className="text-xs text-gray-500">{d.label}</div>
      </div>
    );
  if (d.kind === 'groups' && widget.type !== 'number' && widget.type !== 'table')
    return <ChartWidget type={widget.type} data={d} empty={t('dashboard.empty')} />;
  if (d.kind === 'rows')
    return (
      <div className="h-full overflow-auto" data-testid="widget-table">
        <table className="w-full text-left text-xs">
          <thead>
            <tr>
              {d.fields.map((f) => (
                <th key={f} className="border-b px-2 py-1 font-semibold">
                  {f}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r, i) => (
              <tr key={i} className="odd:bg-gray-50">
                {d.fields.map((f) => (
                  <td key={f} className="truncate px-2 py-1">
                    {cellText(r[f])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return null;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
