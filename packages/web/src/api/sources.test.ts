import { describe, expect, it, vi } from 'vitest';

// The API modules reach antd through the error toasts; these tests need only their pure helpers.
vi.mock('./notify', () => ({ notifyError: vi.fn() }));
import { SOURCE_TEMPLATES, initialConnection } from './sources';
import { listOf } from './tokens';

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
  it('reads lists whether bare or wrapped', () => {
    expect(listOf([1])).toEqual([1]);
    expect(listOf({ list: [2] })).toEqual([2]);
    expect(listOf(null)).toEqual([]);
  });
});
