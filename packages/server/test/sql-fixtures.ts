/** Helpers shared by the SQL page tests: quoting physical names and removing the per-base logins. */
import knexFactory from 'knex';
import { MYSQL_ADMIN_URL, PG_ADMIN_URL } from './harness.js';
import { sqlLoginName } from '../src/services/sql/default-source-login.js';

/** Physical names keep the title's case, so statements quote them as each dialect does. */
export const quote = (kind: string, name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
export const unquote = (quoted: string) => quoted.slice(1, -1);

/** Logins live in the database server, not in the scratch database: remove the ones this run made. */
export async function dropLogins(kind: string, baseIds: string[], metaUrl: string | undefined) {
  if (kind === 'sqlite' || !metaUrl) return;
  const admin = knexFactory({
    client: kind === 'pg' ? 'pg' : 'mysql2',
    connection: kind === 'pg' ? PG_ADMIN_URL : MYSQL_ADMIN_URL,
    pool: { min: 0, max: 1 },
  });
  try {
    for (const id of baseIds) {
      const name = sqlLoginName(metaUrl, id);
      await (kind === 'pg'
        ? admin.raw('drop role if exists ??', [name])
        : admin.raw(`drop user if exists ?@'%'`, [name]));
    }
  } finally {
    await admin.destroy();
  }
}
