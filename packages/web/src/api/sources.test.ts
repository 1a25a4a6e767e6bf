import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_KEYS, initialConnection } from './sources';
import { listOf } from './tokens';

// The API modules reach antd through the error toasts; these tests need only their pure helpers.
vi.mock('./notify', () => ({ notifyError: vi.fn() }));

describe('source templates', () => {
  it('offer every client and template once', () => {
    expect(TEMPLATE_KEYS.sort()).toEqual(
      [
        'citusdb',
        'cockroachdb',
        'greenplum',
        'mssql',
        'mysql2',
        'oracledb',
        'pg',
        'snowflake',
        'sqlite3',
        'tidb',
        'vitess',
        'yugabyte',
      ].sort(),
    );
  });

  it('start on localhost with the default ports', () => {
    expect(initialConnection('pg')).toMatchObject({
      client: 'pg',
      connection: { host: 'localhost', port: 5432 },
      searchPath: ['public'],
    });
    expect(initialConnection('mysql2').connection.port).toBe(3306);
    expect(initialConnection('vitess').connection.port).toBe(15306);
    expect(initialConnection('tidb').connection.port).toBe(4000);
    expect(initialConnection('mssql')).toMatchObject({ connection: { port: 1433 }, searchPath: ['dbo'] });
    expect(initialConnection('sqlite3').connection).toEqual({ filename: '' });
  });
});

describe('small helpers', () => {
  it('reads lists whether bare or wrapped', () => {
    expect(listOf([1])).toEqual([1]);
    expect(listOf({ list: [2] })).toEqual([2]);
    expect(listOf(null)).toEqual([]);
  });
});
