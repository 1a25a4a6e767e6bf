import { describe, expect, it } from 'vitest';
import { splitType, type IntrospectedColumn } from './introspected.js';
import { isKnownDt, uidtOf } from './type-map.js';

const col = (dt: string, extra: Partial<IntrospectedColumn> = {}): IntrospectedColumn => ({
  name: 'c',
  dt,
  dtxp: null,
  dtxs: null,
  pk: false,
  ai: false,
  rqd: false,
  un: false,
  cdf: null,
  ...extra,
});

describe('introspected types', () => {
  it('splits type text into name, length, scale and unsigned', () => {
    expect(splitType('varchar(255)')).toEqual({ dt: 'varchar', dtxp: '255', dtxs: null, un: false });
    expect(splitType('decimal(10,2) unsigned')).toEqual({ dt: 'decimal', dtxp: '10', dtxs: '2', un: true });
    expect(splitType("enum('a','b,c')")).toEqual({ dt: 'enum', dtxp: "'a','b,c'", dtxs: null, un: false });
    expect(splitType('double precision')).toMatchObject({ dt: 'double precision' });
  });

  it('maps keys, booleans, selects and unknown types per dialect', () => {
    expect(uidtOf('pg', col('integer', { pk: true }), false)).toBe('ID');
    expect(uidtOf('mysql', col('int'), true)).toBe('ForeignKey');
    expect(uidtOf('mysql', col('tinyint', { dtxp: '1' }), false)).toBe('Checkbox');
    expect(uidtOf('mysql', col('tinyint', { dtxp: '4' }), false)).toBe('Number');
    expect(uidtOf('mysql', col('set'), false)).toBe('MultiSelect');
    expect(uidtOf('pg', col('timestamp with time zone'), false)).toBe('DateTime');
    expect(uidtOf('pg', col('jsonb'), false)).toBe('JSON');
    expect(uidtOf('mssql', col('bit'), false)).toBe('Checkbox');
    expect(uidtOf('mssql', col('datetime2'), false)).toBe('DateTime');
    expect(uidtOf('oracle', col('number', { dtxs: '0' }), false)).toBe('Number');
    expect(uidtOf('oracle', col('clob'), false)).toBe('LongText');
    expect(uidtOf('snowflake', col('variant'), false)).toBe('JSON');
    expect(uidtOf('pg', col('tsvector'), false)).toBe('SpecificDBType');
  });

  it('knows which type names a dialect has', () => {
    expect(isKnownDt('pg', 'datetime')).toBe(false);
    expect(isKnownDt('pg', 'timestamp')).toBe(true);
    expect(isKnownDt('mysql', 'enum')).toBe(true);
  });
});
