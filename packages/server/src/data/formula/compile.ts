/**
 * Checked formula -> SQL for one dialect: one switch over node types (docs/architecture.md); functions come from the
 * dialect's table. Every literal is bound or chosen from a fixed vocabulary; field SQL comes from the
 * caller's `columnSql`, so lookups, rollups and links plug in as subqueries.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { AppError, ErrorCode } from '@rowbase/core/errors';
import { type FormulaNode, assertNever } from '@rowbase/core/formula/ast';
import { FormulaMessages } from '@rowbase/core/formula/errors';
import { normaliseDateText } from '@rowbase/core/formula/functions/literal-rules';
import type { CheckedFormula } from '@rowbase/core/formula/typecheck';
import type { FormulaType } from '@rowbase/core/formula/types';
import { type CallContext, type Compiled, type FormulaSqlDialect, result } from './dialect.js';
import type { Sql, SqlKit } from './sql-kit.js';

export interface CompileEnv {
  kit: SqlKit;
  dialect: FormulaSqlDialect;
  /** SQL of a referenced field (formula fields included: the caller decides how to inline them). */
  refSql(column: ColumnMeta): Compiled;
  /** SQL of the record's primary key, for RECORD_ID(). */
  recordId(): Compiled;
}

/** Compiles a checked formula (no errors) to a value expression. */
export function compileChecked(checked: CheckedFormula, env: CompileEnv): Compiled {
  if (!checked.ast || checked.errors.length) throw new Error('compileChecked needs a formula without errors');
  const compiler = new NodeCompiler(checked, env);
  const root = compiler.compile(checked.ast);
  return result(compiler.value(root), root.type);
}

class NodeCompiler {
  private readonly kit: SqlKit;
  private readonly d: FormulaSqlDialect;

  constructor(
    private readonly checked: CheckedFormula,
    private readonly env: CompileEnv,
  ) {
    this.kit = env.kit;
    this.d = env.dialect;
  }

  compile(node: FormulaNode): Compiled {
    const sql = this.kit.sql;
    switch (node.type) {
      case 'literal': {
        const v = node.value;
        if (v === null) return { ...result(this.kit.text('NULL'), 'null'), literal: null };
        if (typeof v === 'number') return { ...result(this.d.num(this.kit, v), 'numeric'), literal: v };
        if (typeof v === 'boolean') return { ...result(this.d.bool(this.kit, v), 'boolean'), literal: v };
        return { ...result(this.d.str(this.kit, v), 'string'), literal: v };
      }
      case 'ref': {
        const column = this.checked.columnOf(node);
        if (!column) throw new Error(`Unresolved reference ${node.name}`);
        return this.env.refSql(column);
      }
      case 'binary': {
        const left = this.compile(node.left);
        const right = this.compile(node.right);
        const op = node.operator;
        switch (op) {
          case '&&':
          case '||': {
            const a = this.cond(left);
            const b = this.cond(right);
            return result(op === '&&' ? sql`(${a} AND ${b})` : sql`(${a} OR ${b})`, 'boolean', true);
          }
          case '&':
            return result(this.d.concat(this.kit, [this.text(left), this.text(right)]), 'string');
          case '+':
            if (this.checked.typeOf(node) === 'string')
              return result(this.d.concat(this.kit, [this.text(left), this.text(right)]), 'string');
            return result(sql`(${this.num(left)} + ${this.num(right)})`, 'numeric');
          case '-':
          case '*':
          case '/':
          case '%':
            return this.arithmetic(op, left, right);
          case '=':
          case '==':
          case '!=':
          case '<':
          case '<=':
          case '>':
          case '>=':
            return this.comparison(op, left, right);
          default:
            return assertNever(op);
        }
      }
      case 'call':
        return this.call(node);
      case 'unary':
      case 'unsupported':
        throw new Error('The checker refuses unary and unsupported nodes');
      default:
        return assertNever(node);
    }
  }

  private arithmetic(op: '-' | '*' | '/' | '%', left: Compiled, right: Compiled): Compiled {
    const sql = this.kit.sql;
    const a = this.num(left);
    const b = this.num(right);
    switch (op) {
      case '-':
        return result(sql`(${a} - ${b})`, 'numeric');
      case '*':
        return result(sql`(${a} * ${b})`, 'numeric');
      case '/':
        // Decimal division everywhere (no integer division), blank on division by zero.
        return result(sql`(${a} * 1.0 / NULLIF(${b}, 0))`, 'numeric');
      case '%':
        return result(this.d.mod(this.kit, a, sql`NULLIF(${b}, 0)`), 'numeric');
    }
  }

  /** Comparisons; `= BLANK()` means IS NULL. Mixed operands compare as text, or as dates against date texts. */
  private comparison(op: '=' | '==' | '!=' | '<' | '<=' | '>' | '>=', left: Compiled, right: Compiled): Compiled {
    const sql = this.kit.sql;
    if (left.type === 'null' || right.type === 'null') {
      const other = left.type === 'null' ? right : left;
      const v = this.value(other);
      if (op === '!=') return result(sql`(${v} IS NOT NULL)`, 'boolean', true);
      if (op === '=' || op === '==') return result(sql`(${v} IS NULL)`, 'boolean', true);
      return result(this.kit.text('(1 = 0)'), 'boolean', true);
    }
    let a: Sql;
    let b: Sql;
    const isDateText = (c: Compiled) => typeof c.literal === 'string' && normaliseDateText(c.literal) !== undefined;
    if (left.type === 'date' && isDateText(right)) [a, b] = [left.sql, this.date(right)];
    else if (right.type === 'date' && isDateText(left)) [a, b] = [this.date(left), right.sql];
    else if ((left.type === 'string') !== (right.type === 'string'))
      // Text against anything else (a number, a date, RECORD_ID()) compares as text, which every engine can.
      [a, b] = [this.text(left), this.text(right)];
    else if (left.type === 'boolean' && right.type === 'boolean') [a, b] = [this.value(left), this.value(right)];
    else if (left.type === 'boolean' || right.type === 'boolean') [a, b] = [this.num(left), this.num(right)];
    else [a, b] = [this.value(left), this.value(right)];
    const sqlOp = { '=': '=', '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' }[op];
    return result(this.kit.knex.raw(`(? ${sqlOp} ?)`, [a, b]), 'boolean', true);
  }

  private call(node: Extract<FormulaNode, { type: 'call' }>): Compiled {
    const fn = this.d.functions[node.name];
    if (!fn) throw new AppError(ErrorCode.UNPROCESSABLE, FormulaMessages.notAvailable(node.name));
    const args = node.args.map((a) => this.compile(a));
    const ctx: CallContext = {
      kit: this.kit,
      sql: this.kit.sql,
      dialect: this.d,
      args,
      nodes: node.args,
      value: (i) => this.value(args[i]!),
      num: (i) => this.num(args[i]!),
      int: (i) => this.d.toInt(this.kit, this.num(args[i]!)),
      text: (i) => this.text(args[i]!),
      date: (i) => this.date(args[i]!),
      cond: (i) => this.cond(args[i]!),
      literal: (i) => args[i]?.literal,
      recordId: () => this.env.recordId(),
    };
    return fn(ctx);
  }

  value(c: Compiled): Sql {
    if (!c.predicate) return c.sql;
    if (this.d.conditionsAreValues) return c.sql;
    return this.kit.sql`(CASE WHEN ${c.sql} THEN 1 WHEN NOT ${c.sql} THEN 0 END)`;
  }

  num(c: Compiled): Sql {
    const sql = this.kit.sql;
    if (c.predicate) return sql`(CASE WHEN ${c.sql} THEN 1 WHEN NOT ${c.sql} THEN 0 END)`;
    if (c.type === 'boolean' && this.d.realBooleans)
      return sql`(CASE WHEN ${c.sql} THEN 1 WHEN NOT ${c.sql} THEN 0 END)`;
    if (c.literal !== undefined) return c.sql;
    return this.d.toNumeric(this.kit, c.sql);
  }

  text(c: Compiled): Sql {
    if (c.type === 'string' || c.type === 'null') return c.sql;
    return this.d.toText(this.kit, c.type === 'boolean' ? this.num(c) : this.value(c), c.type);
  }

  date(c: Compiled): Sql {
    if (typeof c.literal === 'string') {
      const iso = normaliseDateText(c.literal);
      if (iso) return this.d.date(this.kit, iso);
    }
    return c.sql;
  }

  cond(c: Compiled): Sql {
    const sql = this.kit.sql;
    if (c.predicate) return c.sql;
    const type: FormulaType = c.type;
    switch (type) {
      case 'boolean':
        return this.d.realBooleans ? sql`(${c.sql})` : sql`(${c.sql} <> 0)`;
      case 'numeric':
        return sql`(${c.sql} <> 0)`;
      case 'string':
        return this.d.emptyStringIsNull ? sql`(${c.sql} IS NOT NULL)` : sql`(${c.sql} IS NOT NULL AND ${c.sql} <> '')`;
      case 'null':
        return this.kit.text('(1 = 0)');
      case 'date':
      case 'json':
      case 'unknown':
        return sql`(${c.sql} IS NOT NULL)`;
      default:
        return assertNever(type);
    }
  }
}
