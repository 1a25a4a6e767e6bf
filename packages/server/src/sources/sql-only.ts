/**
 * Knex instances that only generate SQL (no connection, no driver): MSSQL and Oracle DDL is produced by
 * knex's own dialect compilers, so it can be checked here without tedious or oracledb installed.
 */
import knexFactory, { type Knex } from 'knex';

export function sqlOnlyKnex(dialect: 'mssql' | 'oracle'): Knex {
  // Oracle's compiler needs a server version to size generated names (12.2+ allows 128 characters).
  return dialect === 'mssql'
    ? knexFactory({ client: 'mssql' })
    : knexFactory({ client: 'oracledb', version: '19.0' });
}
