/** The ECharts option of a chart widget, from the groups the server aggregated. */
import type { ChartType, WidgetData } from '@rowbase/core/api/dashboards';

export type Groups = Extract<WidgetData, { kind: 'groups' }>;

/** The ECharts option for a widget's groups; an empty key reads as the given word. */
export function chartOption(type: ChartType, data: Groups, empty: string): Record<string, unknown> {
  const names = data.groups.map((g) => (g.key === null || g.key === '' ? empty : String(g.key)));
  const values = data.groups.map((g) => (typeof g.value === 'number' ? g.value : Number(g.value)));
  if (type === 'pie') {
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: '65%',
          data: names.map((name, i) => ({ name, value: values[i] })),
          label: { formatter: '{b}: {c}' },
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value' },
    series: [
      {
        name: data.label,
        type: type === 'bar' ? 'bar' : 'line',
        data: values,
        label: { show: true, position: 'top' },
        ...(type === 'area' ? { areaStyle: {} } : {}),
      },
    ],
  };
}
