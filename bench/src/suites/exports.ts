/**
 * The export figures of issue 13, over real HTTP to a server process on embedded SQLite: a table of 10
 * mixed-type fields (text, number, decimal, e-mail, checkbox, date, single select, long text, text, number)
 * is created through the meta API and filled with BENCH_EXPORT_ROWS rows (default 1,000,000) by one INSERT
 * from a recursive CTE in the server's own database (seconds, where an import would take minutes), then
 * exported as CSV and xlsx through the v1 export route. Rates are rows/s end to end and per second of server
 * CPU; RSS is the server's peak, sampled every 100 ms while each export runs. Each export is checked to hold
 * every row (its line count for CSV).
 */
import http from 'node:http';
import type { Api } from '../rows-bench.js';
import { measured } from '../measured.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';

const COLOURS = ['red', 'green', 'blue', 'amber', 'violet'];

const COLUMNS = [
  { column_name: 'name', title: 'Name', uidt: 'SingleLineText' },
  { column_name: 'age', title: 'Age', uidt: 'Number' },
  { column_name: 'price', title: 'Price', uidt: 'Decimal' },
  { column_name: 'email', title: 'Email', uidt: 'Email' },
  { column_name: 'active', title: 'Active', uidt: 'Checkbox' },
  { column_name: 'joined', title: 'Joined', uidt: 'Date' },
  {
    column_name: 'colour',
    title: 'Colour',
    uidt: 'SingleSelect',
    colOptions: { options: COLOURS.map((title) => ({ title })) },
  },
  { column_name: 'notes', title: 'Notes', uidt: 'LongText' },
  { column_name: 'code', title: 'Code', uidt: 'SingleLineText' },
  { column_name: 'score', title: 'Score', uidt: 'Number' },
];

/** The SQL expression of each column for row `i` (the same values the import bench's CSV holds). */
const VALUES: Record<string, string> = {
  name: `'Person number ' || i`,
  age: `18 + i % 70`,
  price: `((i * 37) % 100000) / 100.0`,
  email: `'user' || i || '@example.com'`,
  active: `i % 3 = 0`,
  joined: `printf('2024-%02d-%02d', i % 12 + 1, i % 28 + 1)`,
  colour: `CASE i % 5 ${COLOURS.map((c, n) => `WHEN ${n} THEN '${c}'`).join(' ')} END`,
  notes: `'Note about item ' || ((i * 7919) % 1000003) || ', for the export bench'`,
  code: `'C-' || ((i * 31) % 99991)`,
  score: `(i * 13) % 1000`,
};

async function call(api: Api, method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'xc-auth': api.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Creates the table and fills it with `rows` rows straight in SQLite; returns the ids the export route takes. */
async function seedTable(api: Api, server: ServerProcess, rows: number) {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Export bench' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    table_name: 'people',
    title: 'People',
    columns: COLUMNS,
  });
  const meta = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}`)) as {
    table_name: string;
    columns: { column_name: string; uidt: string }[];
  };
  const names = Object.keys(VALUES);
  // The row order column (when the table has one) follows the key, as rows appended one by one would.
  const order = meta.columns.find((c) => c.column_name === 'nc_order');
  const targets = [...names, ...(order ? ['nc_order'] : [])].map((n) => `"${n}"`).join(', ');
  const values = [...names.map((n) => VALUES[n]), ...(order ? ['i'] : [])].join(', ');
  await server.sql(
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${rows}) ` +
      `INSERT INTO "${meta.table_name}" (${targets}) SELECT ${values} FROM seq`,
  );
  return { baseId: String(base.id), tableId: String(table.id) };
}

/**
 * Reads an export to the end with Node's own `http` (fetch's web streams cost the bench about three times the
 * CPU, on the cores the server exports on: a user's download does not run there); returns its size in bytes and
 * its count of line feeds.
 */
function readExport(api: Api, baseId: string, tableId: string, type: 'csv' | 'excel') {
  const url = `${api.url}/api/v1/db/data/noco/${baseId}/${tableId}/export/${type}`;
  return new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    const req = http.get(url, { headers: { 'xc-auth': api.token } }, (res) => {
      let bytes = 0;
      let lines = 0;
      const body: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (res.statusCode !== 200) return void body.push(chunk);
        bytes += chunk.length;
        if (type === 'csv') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode === 200) resolve({ bytes, lines });
        else reject(new Error(`export answered ${res.statusCode}: ${Buffer.concat(body).toString('utf8')}`));
      });
    });
    req.on('error', reject);
  });
}

/** Runs the suite on a server process of its own; returns the figures' lines. */
export async function exportsBench(): Promise<string[]> {
  const server = await startServerProcess();
  try {
    const res = await fetch(`${server.url}/api/v1/auth/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-exports@example.com', password: 'Password123!' }),
    });
    const { token } = (await res.json()) as { token: string };
    return await exportFigures({ url: server.url, token }, server);
  } finally {
    await server.close();
  }
}

async function exportFigures(api: Api, server: ServerProcess): Promise<string[]> {
  const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
  const lines: string[] = [];
  const line = (name: string, value: string) => lines.push(`${name.padEnd(52)} ${value}`);
  const perSecond = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en')} rows/s`;
  // BENCH_EXPORT_TYPES=csv leaves out the xlsx export; BENCH_EXPORT_ROUNDS repeats each export in the same server.
  const types = (process.env.BENCH_EXPORT_TYPES ?? 'csv,excel').split(',') as ('csv' | 'excel')[];
  const rounds = Number(process.env.BENCH_EXPORT_ROUNDS ?? 1);
  const { baseId, tableId } = await seedTable(api, server, rows);
  for (const type of types.flatMap((t) => Array<typeof t>(rounds).fill(t))) {
    const clientBefore = process.cpuUsage();
    const out = await measured(server, () => readExport(api, baseId, tableId, type));
    const client = process.cpuUsage(clientBefore);
    const clientSeconds = (client.user + client.system) / 1e6;
    // The header line and one line a row (no value of this table holds a line break).
    if (type === 'csv' && out.value.lines !== rows + 1)
      throw new Error(`CSV export held ${out.value.lines - 1} of ${rows} rows`);
    line(
      `export ${type === 'csv' ? 'CSV' : 'xlsx'} (${rows.toLocaleString('en')} rows, ${(out.value.bytes / 1024 / 1024).toFixed(0)} MB)`,
      `${perSecond(rows, out.seconds)} (${perSecond(rows, out.cpuSeconds)} of server CPU)   ` +
        `peak RSS ${out.peakMb.toFixed(0)} MB (from ${out.startMb.toFixed(0)} MB)   ` +
        `bench client CPU ${clientSeconds.toFixed(2)} s`,
    );
  }
  return lines;
}
