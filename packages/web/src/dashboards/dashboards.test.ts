import type { WidgetMeta } from '@rowbase/core/api/dashboards';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-option';
import { movedWidgets } from './grid-positions';
import { Markdown } from './markdown';
import { bodyOf } from './widget-body';

const widget = (id: string, x: number, y: number, w: number, h: number) =>
  ({ id, x, y, w, h, type: 'text', config: { markdown: '' } }) as unknown as WidgetMeta;

describe('dashboards web', () => {
  it('sends only the widgets a drag or resize moved', () => {
    const widgets = [widget('a', 0, 0, 6, 4), widget('b', 6, 0, 6, 4)];
    expect(
      movedWidgets(widgets, [
        { i: 'a', x: 0, y: 0, w: 8, h: 5 },
        { i: 'b', x: 6, y: 0, w: 6, h: 4 },
        { i: 'gone', x: 0, y: 9, w: 1, h: 1 },
      ]),
    ).toEqual([{ id: 'a', x: 0, y: 0, w: 8, h: 5 }]);
  });

  it('draws pies as slices and other charts along a category axis, naming empty groups', () => {
    const data = {
      kind: 'groups' as const,
      tableId: 't',
      groupBy: 'Status',
      label: 'sum Price',
      groups: [
        { key: 'a', value: 33 },
        { key: null, value: 4 },
      ],
    };
    const pie = chartOption('pie', data, '(empty)') as { series: { data: unknown[] }[] };
    expect(pie.series[0]!.data).toEqual([
      { name: 'a', value: 33 },
      { name: '(empty)', value: 4 },
    ]);
    const area = chartOption('area', data, '-') as {
      xAxis: { data: string[] };
      series: Record<string, unknown>[];
    };
    expect(area.xAxis.data).toEqual(['a', '-']);
    expect(area.series[0]).toMatchObject({ type: 'line', data: [33, 4], areaStyle: {} });
  });

  it('renders Markdown as elements: markup in the text stays text, unsafe links lose their address', () => {
    const html = renderToStaticMarkup(
      createElement(Markdown, {
        source:
          '# Sales\n\n- **up** 5%\n- [docs](https://example.com)\n\n<b>x</b> [bad](javascript:alert(1))',
      }),
    );
    expect(html).toContain('aria-level="1"');
    expect(html).toContain('<strong>up</strong>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
  });

  it('builds the widget body from the config form, with one filter in the where syntax', () => {
    const body = bodyOf(
      {
        type: 'bar',
        viewId: 'vw1',
        groupBy: 'c1',
        fieldId: 'c2',
        aggregation: 'sum',
        filterField: 'c2',
        filterOp: 'gt',
        filterValue: '10',
      },
      (id) => (id === 'c2' ? 'Amount' : undefined),
    );
    expect(body).toEqual({
      type: 'bar',
      config: {
        title: undefined,
        viewId: 'vw1',
        where: '(Amount,gt,10)',
        groupBy: 'c1',
        fieldId: 'c2',
        aggregation: 'sum',
      },
    });
  });
});
