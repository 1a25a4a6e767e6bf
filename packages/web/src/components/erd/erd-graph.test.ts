import type { ErdColumn, ErdMeta, ErdTable } from '@rowbase/core/api/erd';
import { describe, expect, it } from 'vitest';
import { buildErdGraph, type ErdOptions } from './erd-graph';
import { layoutErd } from './erd-layout';

const col = (id: string, extra: Partial<ErdColumn> = {}): ErdColumn => ({
  id,
  title: id,
  column_name: id,
  uidt: 'SingleLineText',
  dt: null,
  pk: false,
  pv: false,
  rqd: false,
  system: false,
  fk: false,
  ...extra,
});
const table = (id: string, columns: ErdColumn[], mm = false): ErdTable => ({
  id,
  title: id,
  table_name: id,
  type: 'table',
  mm,
  columns,
});

// Customers has many Orders; Orders many-to-many Products through junction J.
const META: ErdMeta = {
  base_id: 'p',
  source_id: 'b',
  tables: [
    table('C', [col('c_id', { pk: true, uidt: 'ID', system: false }), col('c_name')]),
    table('O', [
      col('o_id', { pk: true }),
      col('o_fk', { fk: true, system: true }),
      col('o_made', { system: true }),
    ]),
    table('P', [col('p_id', { pk: true })]),
    table('J', [col('j_a', { fk: true, system: true }), col('j_b', { fk: true, system: true })], true),
    table('Lonely', [col('l_id', { pk: true })]),
  ],
  relations: [
    {
      fk_column_id: 'l1',
      fk_model_id: 'C',
      type: 'hm',
      fk_related_model_id: 'O',
      fk_child_column_id: 'o_fk',
      fk_parent_column_id: 'c_id',
      fk_mm_model_id: null,
    },
    {
      fk_column_id: 'l2',
      fk_model_id: 'O',
      type: 'bt',
      fk_related_model_id: 'C',
      fk_child_column_id: 'o_fk',
      fk_parent_column_id: 'c_id',
      fk_mm_model_id: null,
    },
    {
      fk_column_id: 'l3',
      fk_model_id: 'O',
      type: 'mm',
      fk_related_model_id: 'P',
      fk_child_column_id: 'o_id',
      fk_parent_column_id: 'p_id',
      fk_mm_model_id: 'J',
    },
    {
      fk_column_id: 'l4',
      fk_model_id: 'P',
      type: 'mm',
      fk_related_model_id: 'O',
      fk_child_column_id: 'p_id',
      fk_parent_column_id: 'o_id',
      fk_mm_model_id: 'J',
    },
  ],
};
const DEFAULTS: ErdOptions = { keysOnly: false, showJunction: false, showSystem: false };

describe('buildErdGraph', () => {
  it('draws one edge per link: has-many parent to child, many-to-many directly', () => {
    const g = buildErdGraph(META, DEFAULTS);
    expect(g.nodes.map((n) => n.id)).toEqual(['C', 'O', 'P', 'Lonely']);
    expect(g.edges.map((e) => [e.kind, e.source, e.target])).toEqual([
      ['hm', 'C', 'O'],
      ['mm', 'O', 'P'],
    ]);
  });

  it('draws many-to-many through the junction table when asked', () => {
    const g = buildErdGraph(META, { ...DEFAULTS, showJunction: true });
    expect(g.nodes.map((n) => n.id)).toContain('J');
    expect(g.edges.filter((e) => e.kind === 'mm').map((e) => [e.source, e.target])).toEqual([
      ['O', 'J'],
      ['P', 'J'],
    ]);
  });

  it('hides system fields unless asked, and shows only keys in keys-only mode', () => {
    const fields = (o: ErdOptions, id: string) =>
      buildErdGraph(META, o)
        .nodes.find((n) => n.id === id)!
        .columns.map((c) => c.id);
    expect(fields(DEFAULTS, 'O')).toEqual(['o_id']);
    expect(fields({ ...DEFAULTS, showSystem: true }, 'O')).toEqual(['o_id', 'o_fk', 'o_made']);
    expect(fields({ ...DEFAULTS, keysOnly: true }, 'O')).toEqual(['o_id', 'o_fk']);
    expect(fields({ ...DEFAULTS, keysOnly: true }, 'C')).toEqual(['c_id']);
  });

  it('focuses one table and its neighbours', () => {
    const g = buildErdGraph(META, { ...DEFAULTS, focusTableId: 'C' });
    expect(g.nodes.map((n) => n.id)).toEqual(['C', 'O']);
    expect(g.edges).toHaveLength(1);
  });
});

describe('layoutErd', () => {
  it('places linked tables left to right and loose tables below, without overlap', () => {
    const g = buildErdGraph(META, DEFAULTS);
    const pos = layoutErd(g);
    expect(pos.get('C')!.x).toBeLessThan(pos.get('O')!.x);
    expect(pos.get('Lonely')!.y).toBeGreaterThan(Math.max(pos.get('C')!.y, pos.get('O')!.y, pos.get('P')!.y));
  });
});

describe('layoutErd on a wide tree', () => {
  it('folds tall ranks so 200 tables of 20 fields stay within a 3:1 aspect ratio', () => {
    const tables = Array.from({ length: 200 }, (_, i) =>
      table(
        `m${i}`,
        Array.from({ length: 20 }, (_, j) => col(`c${i}_${j}`, { pk: j === 0 })),
      ),
    );
    const relations = tables.slice(1).map((t, i) => ({
      fk_column_id: `l${i}`,
      fk_model_id: `m${Math.floor(i / 3)}`,
      type: 'hm' as const,
      fk_related_model_id: t.id,
      fk_child_column_id: `c${i + 1}_19`,
      fk_parent_column_id: 'c0_0',
      fk_mm_model_id: null,
    }));
    const graph = buildErdGraph({ base_id: 'p', source_id: 'b', tables, relations }, DEFAULTS);
    const pos = layoutErd(graph);
    const xs = [...pos.values()].map((p) => p.x);
    const ys = [...pos.values()].map((p) => p.y);
    const width = Math.max(...xs) - Math.min(...xs) + 280;
    const height = Math.max(...ys) - Math.min(...ys) + 500;
    expect(Math.max(width / height, height / width)).toBeLessThan(3);
    // Parents stay left of their children.
    expect(pos.get('m0')!.x).toBeLessThan(pos.get('m1')!.x);
    // No two tables share a place.
    expect(new Set([...pos.values()].map((p) => `${p.x},${p.y}`)).size).toBe(200);
  });
});
