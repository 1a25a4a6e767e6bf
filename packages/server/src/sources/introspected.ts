/** What introspecting a database yields, the same shape for every dialect. */

export interface IntrospectedColumn {
  name: string;
  /** Lower-case type name without length, e.g. `varchar`, `int`, `enum`. */
  dt: string;
  /** Length/precision, or the quoted member list of enum/set. */
  dtxp: string | null;
  dtxs: string | null;
  pk: boolean;
  ai: boolean;
  rqd: boolean;
  un: boolean;
  cdf: string | null;
}

export interface IntrospectedForeignKey {
  column: string;
  refTable: string;
  refColumn: string;
}

export interface IntrospectedTable {
  name: string;
  /** Database views are read in as read-only tables of type 'view'. */
  type: 'table' | 'view';
  columns: IntrospectedColumn[];
  foreignKeys: IntrospectedForeignKey[];
}

/** Splits `varchar(255)` / `decimal(10,2)` / `int unsigned` into its parts. */
export function splitType(full: string): {
  dt: string;
  dtxp: string | null;
  dtxs: string | null;
  un: boolean;
} {
  const t = full.trim().toLowerCase();
  const un = /\bunsigned\b/.test(t);
  const m = /^([a-z_ ][a-z0-9_ ]*?)\s*(?:\((.*)\))?(?:\s+unsigned)?(?:\s+zerofill)?$/.exec(
    t.replace(/\s+/g, ' '),
  );
  if (!m) return { dt: t, dtxp: null, dtxs: null, un };
  const dt = m[1]!.trim();
  const args = m[2];
  if (!args) return { dt, dtxp: null, dtxs: null, un };
  if (dt === 'enum' || dt === 'set') return { dt, dtxp: args, dtxs: null, un };
  const [p, s] = args.split(',').map((x) => x.trim());
  return { dt, dtxp: p ?? null, dtxs: s ?? null, un };
}
