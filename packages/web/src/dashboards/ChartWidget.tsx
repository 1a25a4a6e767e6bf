/** Bar, line, area and pie widgets: Apache ECharts drawing the groups the server aggregated (SVG, labels shown). */
import type { ChartType } from '@rowbase/core/api/dashboards';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartOption, type Groups } from './chart-option';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, SVGRenderer]);

export function ChartWidget({ type, data, empty }: { type: ChartType; data: Groups; empty: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(chartOption(type, data, empty), true);
  }, [type, data, empty]);
  return <div ref={ref} className="h-full w-full" data-testid="widget-chart" />;
}
