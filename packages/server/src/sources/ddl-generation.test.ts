/** SQL generation for the dialects that are not run live here: MSSQL and Oracle (knex), Snowflake (own). */
import type { Dialect } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { UI_TYPES } from '@rowbase/core/fields/ui-types';
import { describe, expect, it } from 'vitest';
import { systemColumnBodies } from '../services/columns-build.js';
import { type ColumnSpec, columnTypeSql } from './column-spec.js';
import { createTableStatement } from './ddl.js';
import { createTableSql, dropColumnSql, renameColumnSql } from './snowflake/ddl.js';
import { sqlOnlyKnex } from './sql-only.js';

function systemSpecs(dialect: Dialect): ColumnSpec[] {
  return systemColumnBodies(dialect).map((b) => {
    const db = FIELD_TYPES[b.uidt].dbType(dialect)!;
    return {
      column_name: b.column_name!,
      dt: db.dt,
      dtxp: b.dtxp ?? db.dtxp,
      dtxs: db.dtxs,
      pk: !!b.pk,
      ai: !!b.ai,
      rqd: !!b.rqd,
      cdf: (b.cdf as string | undefined) ?? null,
    };
  });
}

/** A spec for every stored UI type with its default DB type. */
function everyTypeSpecs(dialect: Dialect): ColumnSpec[] {
  return UI_TYPES.filter((t) => !FIELD_TYPES[t].virtual && t !== 'ID').map((t) => {
    const db = FIELD_TYPES[t].dbType(dialect)!;
    return { column_name: `c_${t}`, dt: db.dt, dtxp: db.dtxp, dtxs: db.dtxs };
  });
}

describe('MSSQL DDL (knex, no driver)', () => {
  const knex = sqlOnlyKnex('mssql');
  it('creates a new table with identity id, varchar(45) title and datetime2 defaults', () => {
    const [stmt] = createTableStatement(knex, 'mssql', 'nc_ab12___Orders', systemSpecs('mssql')).toSQL();
    expect(stmt!.sql).toContain('CREATE TABLE [nc_ab12___Orders]');
    expect(stmt!.sql).toContain('[id] int identity(1,1) not null primary key');
    expect(stmt!.sql).toContain('[title] varchar(45)');
    expect(stmt!.sql).toMatch(/\[created_at\] datetime2 .*default CURRENT_TIMESTAMP/i);
  });
  it('uses the MSSQL default types for every stored type', () => {
    const [stmt] = createTableStatement(knex, 'mssql', 't', everyTypeSpecs('mssql')).toSQL();
    expect(stmt!.sql).toContain('[c_Decimal] decimal(10,2)');
    expect(stmt!.sql).toContain('[c_SingleLineText] varchar(255)');
    expect(stmt!.sql).toContain('[c_LongText] varchar(max)');
    expect(stmt!.sql).toContain('[c_Checkbox] bit');
  });
});

describe('Oracle DDL (knex, no driver)', () => {
  const knex = sqlOnlyKnex('oracle');
  it('creates a table with an auto-increment sequence and no created_at/updated_at', () => {
    const specs = systemSpecs('oracle');
    expect(specs.map((s) => s.column_name)).toEqual(['id', 'title']);
    const stmts = createTableStatement(knex, 'oracle', 'nc_ab12___Orders', specs).toSQL();
    expect(stmts[0]!.sql).toBe(
      'create table "nc_ab12___Orders" ("id" integer not null primary key, "title" varchar2(45) null)',
    );
    expect(stmts[1]!.sql).toMatch(/CREATE SEQUENCE "nc_ab12___orders_seq"/i);
  });
  it('maps stored types to Oracle types', () => {
    const [stmt] = createTableStatement(knex, 'oracle', 't', everyTypeSpecs('oracle')).toSQL();
    expect(stmt!.sql).toContain('"c_Decimal" number(10,2)');
    expect(stmt!.sql).toContain('"c_LongText" clob');
    expect(stmt!.sql).toContain('"c_Checkbox" number(1,0)');
  });
});

describe('Snowflake DDL', () => {
  it('creates tables with the default lengths (255 strings, 38 numbers) and quoted identifiers', () => {
    const sql = createTableSql('Orders', [...systemSpecs('snowflake'), ...everyTypeSpecs('snowflake')]);
    expect(sql).toContain('"id" number(38,0) autoincrement start 1 increment 1 primary key');
    expect(sql).toContain('"title" varchar(45)');
    expect(sql).toContain('"created_at" timestamp_ntz default current_timestamp()');
    expect(sql).toContain('"c_Number" number(38,0)');
    expect(sql).toContain('"c_Email" varchar(255)');
    expect(sql).toContain('"c_JSON" variant');
    expect(renameColumnSql('t', 'a"b', 'c')).toBe('alter table "t" rename column "a""b" to "c"');
    expect(dropColumnSql('t', 'x')).toBe('alter table "t" drop column "x"');
  });
});

describe('column type SQL', () => {
  it('refuses type names and lengths that are not plain identifiers/numbers', () => {
    expect(() => columnTypeSql('pg', { column_name: 'x', dt: 'int); drop table y; --' })).toThrow(
      /Invalid database type/,
    );
    expect(() => columnTypeSql('mysql', { column_name: 'x', dt: 'varchar', dtxp: '10) --' })).toThrow(
      /Invalid length/,
    );
  });
  it('escapes enum/set members as MySQL string literals', () => {
    expect(columnTypeSql('mysql', { column_name: 'x', dt: 'set', dtxp: "'a\\','it''s'" })).toBe(
      "set('a\\\\','it''s')",
    );
  });
  it('adds unsigned on MySQL only', () => {
    expect(columnTypeSql('mysql', { column_name: 'x', dt: 'int', dtxp: 11, un: true })).toBe('int unsigned');
    expect(columnTypeSql('pg', { column_name: 'x', dt: 'integer', un: true })).toBe('integer');
  });
});
