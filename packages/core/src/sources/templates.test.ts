import { describe, expect, it } from 'vitest';
import { CONNECTION_TEMPLATES, templateOf } from './templates.js';

describe('connection templates', () => {
  it('has the default ports and search paths', () => {
    expect(templateOf('pg')).toMatchObject({ port: 5432, searchPath: ['public'], host: 'localhost' });
    expect(templateOf('mysql2').port).toBe(3306);
    expect(templateOf('vitess').port).toBe(15306);
    expect(templateOf('mssql')).toMatchObject({ port: 1433, searchPath: ['dbo'] });
    expect(templateOf('tidb').port).toBe(4000);
    expect(templateOf('oracledb').port).toBe(1521);
    for (const name of ['yugabyte', 'citusdb', 'cockroachdb', 'greenplum']) {
      expect(CONNECTION_TEMPLATES[name]).toMatchObject({ dialect: 'pg' });
    }
  });

  it("refuses other clients with 'Database not supported'", () => {
    expect(() => templateOf('mongodb')).toThrow('Database not supported');
    expect(() => templateOf(undefined)).toThrow('Database not supported');
  });
});
