import type { SqlResult } from '@rowbase/core/api/sql';

/** What a dialect's runner hands back; the service adds the cap and the time. */
export type DriverResult = Pick<SqlResult, 'columns' | 'rows' | 'truncated'>;
