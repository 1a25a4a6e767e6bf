/** Real protocol servers on loopback for plugin tests: an SMTP server that keeps what it receives, and an S3 API. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  received: ParsedMail[];
  /** Resolves with the first received message to `to` (waiting for it up to 10 s). */
  waitFor(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(auth?: { user: string; pass: string }): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const addressed = (to: string) =>
    received.find((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === to)));
  return {
    port,
    received,
    async waitFor(to) {
      for (let i = 0; i < 200; i++) {
        const found = addressed(to);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  dir: string;
  close(): Promise<void>;
}

/** An S3 API server (s3rver) with one bucket, its objects in a scratch folder. */
export async function startS3(bucket = 'rowbase-test'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    dir,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
