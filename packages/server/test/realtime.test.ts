import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer } from './harness.js';

function connected(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
}

describe('realtime connection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it('refuses a socket without a valid token', async () => {
    const socket = connect(server.url, { path: '/socket.io', auth: { token: 'nope' }, reconnection: false });
    expect(await connected(socket)).toBe('Unauthorized');
    socket.close();
  });

  it('accepts a signed-in socket and delivers table events to subscribers', async () => {
    const { token } = await signUpUser(server.api);
    const socket = connect(server.url, { path: '/socket.io', auth: { token }, reconnection: false });
    expect(await connected(socket)).toBe('connected');
    socket.emit('subscribe:table', 'm123');
    await new Promise((r) => setTimeout(r, 50));
    const received = new Promise((resolve) => socket.on('row:update', resolve));
    server.ctx.realtime!.emitToTable('m123', 'row:update', { id: 1 });
    expect(await received).toEqual({ id: 1 });
    socket.close();
  });
});
