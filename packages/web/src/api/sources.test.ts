import { describe, expect, it } from 'vitest';
import { SOURCE_TEMPLATES, initialConnection } from './sources';
import { listOf } from './tokens';
import { tableNameOf } from './tables';

describe('source templates', () => {
  const byLabel = (label: string) => SOURCE_TEMPLATES.find((t) => t.label === label)!;

  it('start on localhost with the default ports of SPEC §9', () => {
    expect(initialConnection(byLabel('PostgreSQL'))).toMatchObject({
      client: 'pg',
      connection: { host: 'localhost', port: 5432 },
      searchPath: ['public'],
    });
    expect(initialConnection(byLabel('MySQL')).connection.port).toBe(3306);
    expect(initialConnection(byLabel('Vitess')).connection.port).toBe(15306);
    expect(initialConnection(byLabel('TiDB')).connection.port).toBe(4000);
    expect(initialConnection(byLabel('SQL Server'))).toMatchObject({
      connection: { port: 1433 },
      searchPath: ['dbo'],
    });
    expect(initialConnection(byLabel('SQLite')).connection).toEqual({ filename: '' });
  });
});

describe('small helpers', () => {
  it('derives table names from titles', () => {
    expect(tableNameOf('Crème Brûlée Orders!')).toBe('creme_brulee_orders');
    expect(tableNameOf('  ')).toBe('table');
  });

  it('reads lists whether bare or wrapped', () => {
    expect(listOf([1])).toEqual([1]);
    expect(listOf({ list: [2] })).toEqual([2]);
    expect(listOf(null)).toEqual([]);
  });
});
