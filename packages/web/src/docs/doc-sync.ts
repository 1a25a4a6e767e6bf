/**
 * Keeps a page's Yjs document in sync with the server over socket.io (docs/documentation-bases.md
 * "Live editing"). Local updates wait in a queue until the server acknowledges that it stored them; after a
 * reconnect the page is joined again and the queue re-sent (Yjs ignores what it already has), so no keystroke is
 * lost. Cursors travel as Yjs awareness updates and are never stored.
 */
import { io, type Socket } from 'socket.io-client';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';

const REMOTE = 'remote';

export const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export type SyncStatus = 'connecting' | 'synced' | 'saving' | 'offline' | 'denied';

export class DocSync {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  private readonly socket: Socket;
  private queue: Uint8Array[] = [];
  private sending = false;
  private joined = false;
  private listeners = new Set<(s: SyncStatus) => void>();
  status: SyncStatus = 'connecting';
  canEdit = false;

  constructor(
    private readonly pageId: string,
    token: string | null,
  ) {
    this.socket = io(window.location.origin, {
      path: '/socket.io',
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    this.socket.on('connect', () => this.join());
    this.socket.on('disconnect', () => {
      this.joined = false;
      this.setStatus('offline');
    });
    this.socket.on('doc:update', (msg: { pageId?: string; update?: string }) => {
      if (msg?.pageId === this.pageId && msg.update) Y.applyUpdate(this.doc, fromBase64(msg.update), REMOTE);
    });
    this.socket.on('doc:awareness', (msg: { pageId?: string; update?: string }) => {
      if (msg?.pageId === this.pageId && msg.update)
        applyAwarenessUpdate(this.awareness, fromBase64(msg.update), REMOTE);
    });
    this.doc.on('update', this.onLocalUpdate);
    this.awareness.on('update', this.onAwareness);
  }

  onStatus(fn: (s: SyncStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** True while edits are still on their way to the server. */
  get unsaved(): boolean {
    return this.queue.length > 0;
  }

  destroy(): void {
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.doc.off('update', this.onLocalUpdate);
    this.awareness.off('update', this.onAwareness);
    this.socket.emit('doc:leave', this.pageId);
    this.socket.removeAllListeners();
    this.socket.close();
    this.awareness.destroy();
    this.doc.destroy();
  }

  private setStatus(s: SyncStatus) {
    this.status = s;
    for (const fn of this.listeners) fn(s);
  }

  private join() {
    this.socket.emit('doc:join', this.pageId, (reply: { ok: boolean; state?: string; canEdit?: boolean }) => {
      if (!reply?.ok) return this.setStatus('denied');
      if (reply.state) Y.applyUpdate(this.doc, fromBase64(reply.state), REMOTE);
      this.canEdit = !!reply.canEdit;
      this.joined = true;
      this.setStatus(this.queue.length ? 'saving' : 'synced');
      this.onAwareness({ added: [this.doc.clientID], updated: [], removed: [] });
      this.flush();
    });
  }

  private readonly onLocalUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE) return;
    this.queue.push(update);
    this.flush();
  };

  private readonly onAwareness = (change: { added: number[]; updated: number[]; removed: number[] }) => {
    if (!this.joined) return;
    const clients = [...change.added, ...change.updated, ...change.removed];
    this.socket.emit('doc:awareness', {
      pageId: this.pageId,
      update: toBase64(encodeAwarenessUpdate(this.awareness, clients)),
    });
  };

  /** Sends the queued updates as one merged update; on success drops them, on failure tries again later. */
  private flush() {
    if (this.sending || !this.joined || !this.queue.length || !this.canEdit) return;
    this.sending = true;
    this.setStatus('saving');
    const batch = this.queue.slice();
    const update = toBase64(Y.mergeUpdates(batch));
    this.socket
      .timeout(10_000)
      .emit(
        'doc:update',
        { pageId: this.pageId, update },
        (err: unknown, reply: { ok?: boolean; final?: boolean } | undefined) => {
          this.sending = false;
          if (!err && reply?.ok) {
            this.queue.splice(0, batch.length);
            if (!this.queue.length) this.setStatus('synced');
            this.flush();
          } else if (!err && reply?.final) {
            // The server will never take these (no right to edit any more, or the page is gone).
            this.queue = [];
            this.canEdit = false;
            this.setStatus('denied');
          } else if (this.socket.connected) {
            setTimeout(() => this.flush(), 1000);
          }
        },
      );
  }
}
