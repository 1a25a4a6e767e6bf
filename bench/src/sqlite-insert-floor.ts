/**
 * What SQLite itself spends a row when rows are inserted into the shapes suite's Items table after its reads
 * shaped it, with the server taken out: better-sqlite3 on a copy of a kept shapes database (`BENCH_KEEP_DATA=1
 * BENCH_SUITES=shapes BENCH_DBS=sqlite`), the server's settings (WAL, `synchronous = NORMAL`, `temp_store =
 * memory`), 50-row statements, FLOOR_TXN rows per transaction (the API's requests are 2,000), FLOOR_ROWS rows.
 * Each variant first drops some of the table's automatic structures on its copy, so the difference between two
 * variants is what those structures cost a row (docs/performance.md, "Writes past the automatic structures").
 *
 *   cd bench && FLOOR_DB=/tmp/rowbase-bench-XXXX/rowbase.db npx tsx ./src/sqlite-insert-floor.ts
 */
import Database from 'better-sqlite3';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './stats.js';

const source = process.env.FLOOR_DB;
if (!source) throw new Error('FLOOR_DB must name a kept shapes database (rowbase.db)');
const rows = Number(process.env.FLOOR_ROWS ?? 20_000);
const perTransaction = Number(process.env.FLOOR_TXN ?? 2_000);
const rounds = Number(process.env.FLOOR_ROUNDS ?? 3);
const PER_STATEMENT = 50;
const STATUSES = ['open', 'closed', 'pending', 'archived'];
const COLUMNS = ['title', 'name', 'price', 'qty', 'status', 'done', 'day', 'nc_order'];

interface SchemaObject {
  type: string;
  name: string;
}

/** Which of the table's automatic structures a variant drops before inserting. */
const VARIANTS: Record<string, (o: SchemaObject) => boolean> = {
  'everything in place': () => false,
  'without the count tables': (o) => o.type === 'trigger' && o.name.startsWith('rbx_cnt_'),
  'without the search index': (o) => o.type === 'trigger' && o.name.startsWith('rbx_fts_'),
  'without count tables and search index': (o) => o.type === 'trigger' && o.name.startsWith('rbx_'),
  'without the automatic indexes': (o) => o.type === 'index' && /^rbx_[0-9a-f]+$/.test(o.name),
  'none of them': (o) =>
    o.name.startsWith('rbx_') && (o.type === 'trigger' || /^rbx_[0-9a-f]+$/.test(o.name)),
};

/** Inserts the rows into a fresh copy with `drop` applied; answers CPU µs a row (and of it, system). */
function insertInto(itemsTable: string, drop: (o: SchemaObject) => boolean): { cpu: number; system: number } {
  const file = path.join(tmpdir(), `rb-floor-${process.pid}.db`);
  copyFileSync(source!, file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('temp_store = memory');
    const objects = db
      .prepare(`select type, name from sqlite_master where tbl_name = ? and type in ('index', 'trigger')`)
      .all(itemsTable) as SchemaObject[];
    for (const o of objects.filter(drop)) db.exec(`drop ${o.type} "${o.name}"`);
    const row = `(${COLUMNS.map(() => '?').join(',')})`;
    const insert = db.prepare(
      `insert into "${itemsTable}" (${COLUMNS.join(',')}) values ${Array(PER_STATEMENT).fill(row).join(',')}`,
    );
    const first = (db.prepare(`select max(id) as n from "${itemsTable}"`).get() as { n: number }).n + 1;
    const args: unknown[] = new Array(PER_STATEMENT * COLUMNS.length);
    const before = process.cpuUsage();
    for (let done = 0; done < rows;) {
      db.exec('begin immediate');
      for (
        let inTransaction = 0;
        inTransaction < perTransaction && done < rows;
        inTransaction += PER_STATEMENT
      ) {
        for (let r = 0, o = 0; r < PER_STATEMENT; r++) {
          const i = first + done + r;
          args[o++] = `Item ${i}`;
          args[o++] = `name-${(i * 7919) % 100_003}`;
          args[o++] = ((i * 37) % 10_000) / 100;
          args[o++] = i % 500;
          args[o++] = STATUSES[i % 4];
          args[o++] = i % 3 === 0 ? 1 : 0;
          args[o++] =
            `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
          args[o++] = i;
        }
        insert.run(args);
        done += PER_STATEMENT;
      }
      db.exec('commit');
    }
    const used = process.cpuUsage(before);
    return { cpu: (used.user + used.system) / rows, system: used.system / rows };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

const probe = new Database(source, { readonly: true });
const items = (
  probe
    .prepare(
      `select name from sqlite_master where type = 'table' and name like '%\\_\\_\\_items' escape '\\'`,
    )
    .get() as { name: string } | undefined
)?.name;
probe.close();
if (!items) throw new Error(`no Items table in ${source}`);

const results = new Map<string, { cpu: number; system: number }[]>();
for (let round = 0; round < rounds; round++) {
  for (const [name, drop] of Object.entries(VARIANTS)) {
    const list = results.get(name) ?? [];
    list.push(insertInto(items, drop));
    results.set(name, list);
  }
}
console.log(
  `${rows.toLocaleString('en')} rows into ${items}, ${perTransaction} a transaction, medians of ${rounds}`,
);
for (const [name, list] of results) {
  const cpu = median(list.map((r) => r.cpu));
  const system = median(list.map((r) => r.system));
  console.log(
    `  ${name.padEnd(40)} ${cpu.toFixed(1).padStart(6)} µs a row (system ${system.toFixed(1)}), ` +
      `${Math.round(1e6 / cpu).toLocaleString('en')} rows per CPU-second`,
  );
}
