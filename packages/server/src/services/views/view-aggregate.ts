/**
 * View-level aggregations (docs/behaviour/fields.md lists per field type): `aggregation=[{"field":"Price","type":"sum"}]`
 * answers `{ "Price": 42 }`, computed in one SELECT within the view's filters.
 */
import { ALL_AGGREGATIONS, type Aggregation } from '@rowbase/core/fields/field-type';
import { badRequest } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { RowReader } from '../../data/row-query.js';
import {
  assertRowsReadable,
  requestField,
  viewPageQuery,
  type ViewQueryParams,
  type ViewScope,
} from './view-scope.js';

const aggregationList = z
  .array(
    z.object({
      field: z.string({ error: 'aggregation: field is required' }).min(1),
      type: z.enum(ALL_AGGREGATIONS, {
        error: `aggregation: type must be one of ${ALL_AGGREGATIONS.join(', ')}`,
      }),
    }),
  )
  .min(1, 'aggregation: at least one {field, type} is required')
  .max(100);

/** Adds `type(column) as alias` to a query; the dashboards' grouped aggregates use it too. */
export function selectAggregate(
  qb: Knex.QueryBuilder,
  type: Aggregation,
  alias: string,
  column: string,
): void {
  const spec = { [alias]: column };
  switch (type) {
    case 'sum':
      void qb.sum(spec);
      break;
    case 'count':
      void qb.count(spec);
      break;
    case 'min':
      void qb.min(spec);
      break;
    case 'max':
      void qb.max(spec);
      break;
    case 'avg':
      void qb.avg(spec);
      break;
    case 'countDistinct':
      void qb.countDistinct(spec);
      break;
    case 'sumDistinct':
      void qb.sumDistinct(spec);
      break;
    case 'avgDistinct':
      void qb.avgDistinct(spec);
      break;
  }
}

/** Aggregations whose result is a number whatever the field (min and max keep the field's type). */
export const NUMERIC_RESULT: readonly Aggregation[] = [
  'count',
  'countDistinct',
  'sum',
  'avg',
  'sumDistinct',
  'avgDistinct',
];

function parseAggregation(raw: unknown): z.infer<typeof aggregationList> {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('aggregation must be a JSON list of {field, type}');
    }
  }
  const parsed = aggregationList.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid aggregation');
  return parsed.data;
}

export async function aggregateView(
  ctx: Pick<AppContext, 'dataCache'>,
  scope: ViewScope,
  q: ViewQueryParams & { aggregation?: unknown },
): Promise<Record<string, unknown>> {
  assertRowsReadable(scope);
  const wanted = parseAggregation(q.aggregation);
  const page = viewPageQuery(scope, { where: q.where });
  const qb = new RowReader(scope.db, scope.model, ctx.dataCache).filtered(page.where);
  const seen = new Set<string>();
  const plan = wanted.map((a, i) => {
    const f = requestField(scope, a.field);
    if (seen.has(f.column.id)) throw badRequest(`aggregation: field '${f.title}' is listed twice`);
    seen.add(f.column.id);
    if (!f.def.aggregations.includes(a.type)) {
      throw badRequest(
        `aggregation: ${a.type} is not available for ${f.title} (a ${f.column.uidt} field); use ${f.def.aggregations.join(', ')}`,
      );
    }
    const alias = `a${i}`;
    selectAggregate(qb, a.type, alias, f.name);
    return { f, type: a.type, alias };
  });
  const row = ((await qb.first()) ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const p of plan) {
    const v = row[p.alias];
    if (v === null || v === undefined) out[p.f.title] = p.type.startsWith('count') ? 0 : null;
    else out[p.f.title] = NUMERIC_RESULT.includes(p.type) ? Number(v) : p.f.decode(v);
  }
  return out;
}
