/** Runs a SQL-page statement on a SQLite file in a child process that is killed when it runs too long. */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SQLITE_CHILD_FLAG, type SqliteSqlJob, type SqliteSqlReply } from './sqlite-sql-child.js';
import { refusedByDatabase, timedOut } from './sql-errors.js';

/** The child's entry: the compiled .js in a build, the .ts source under the test runner (through tsx). */
function childEntry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./sqlite-sql-child.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return {
    file: fileURLToPath(new URL('./sqlite-sql-child.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}

const STARTUP_MS = 30_000;

export function runSqliteSql(
  job: SqliteSqlJob,
  timeoutMs: number,
): Promise<Extract<SqliteSqlReply, { ok: true }>> {
  const entry = childEntry();
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      env: { ...process.env, [SQLITE_CHILD_FLAG]: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let settled = false;
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(startup);
      fn();
    };
    // A child that never gets ready (a machine out of memory, a broken install) must not hang the request.
    const startup = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new Error(`SQL child did not start within ${STARTUP_MS} ms: ${stderr.trim()}`)));
    }, STARTUP_MS);
    // The child's start-up (loading the driver) is not the query's time: the clock starts when it is ready.
    child.on('message', (reply: SqliteSqlReply) => {
      if (reply.ready) {
        clearTimeout(startup);
        child.send(job);
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          finish(() => reject(timedOut(timeoutMs)));
        }, timeoutMs);
        return;
      }
      finish(() =>
        reply.ok ? resolve(reply) : reject(refusedByDatabase(new Error(reply.message.replace(/^sql: /, '')))),
      );
    });
    child.on('error', (err) => finish(() => reject(err)));
    child.on('exit', (code) =>
      finish(() => reject(new Error(`SQL child exited with code ${code}: ${stderr.trim()}`))),
    );
  });
}
