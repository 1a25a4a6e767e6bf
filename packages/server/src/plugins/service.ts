/**
 * Plugins at run time: the admin-facing reads and writes (replies shaped like NocoDB's, secrets masked), and
 * the live e-mail transport and attachment storage built from the active plugin of each category. Those are
 * rebuilt only when the plugin row changes (its `updated_at`), so a send or an upload costs one small read.
 */
import { badRequest, notFound } from '@rowbase/core/errors';
import { testMail } from '../mail/messages.js';
import type { PluginRow, PluginsRepo } from '../meta/repos/plugins.js';
import type { SecretBox } from '../sources/secrets.js';
import { PLUGIN_CATALOG, S3_PLUGIN, SMTP_PLUGIN, definitionByTitle, definitionOf } from './catalog.js';
import type { PluginDefinition } from './catalog.js';
import type { S3FileStorage } from './s3-storage.js';
import { maskSettings, readSettings, type PluginSettings } from './settings.js';
import { smtpTransport, type MailTransport } from './smtp.js';

/** The S3 store's class, with the AWS SDK, loaded on first use, not at start (docs/performance.md, "Server memory at rest"). */
const s3Storage = async () => (await import('./s3-storage.js')).S3FileStorage;

export interface PluginReply {
  id: string;
  title: string;
  description: string;
  category: string;
  active: boolean;
  /** The settings as a JSON string (secrets masked), or null before the first save. */
  input: string | null;
  /** `{ title, items, actions }` as a JSON string: the form a client draws. */
  input_schema: string;
  status: 'install' | 'installed';
  created_at: number;
  updated_at: number;
}

export interface PluginPatch {
  input?: unknown;
  active?: boolean;
}

interface Built<T> {
  id: string;
  updatedAt: number;
  value: T;
  close(): void;
}

export class PluginService {
  private ensured = false;
  private mail?: Built<MailTransport>;
  private s3?: Built<S3FileStorage>;

  constructor(
    private readonly repo: PluginsRepo,
    private readonly secrets: SecretBox,
  ) {}

  async list(): Promise<PluginReply[]> {
    await this.ensure();
    return (await this.repo.list()).flatMap((row) => {
      const def = definitionOf(row.id);
      return def ? [this.present(def, row)] : [];
    });
  }

  async get(id: string): Promise<PluginReply> {
    const { def, row } = await this.load(id);
    return this.present(def, row);
  }

  /** Saves settings and/or the active flag; a plugin cannot be activated before its settings are complete. */
  async update(id: string, patch: PluginPatch): Promise<PluginReply> {
    const { def, row } = await this.load(id);
    const stored = this.settingsOf(row);
    let sealedInput: string | undefined;
    if (patch.input !== undefined) sealedInput = this.secrets.seal(readSettings(def, patch.input, stored));
    if (patch.active && !sealedInput && !stored) {
      throw badRequest(`input: ${def.title} needs its settings before it can be activated`);
    }
    await this.repo.save(row, { sealedInput, active: patch.active });
    return this.get(id);
  }

  /**
   * Tries settings without saving them: e-mail sends a test message to `to`; storage writes, reads back and
   * deletes a probe object. Masked secrets are taken from the saved settings of the same plugin.
   */
  async test(body: { id?: string; title?: string; input: unknown }, to: string): Promise<void> {
    const def = (body.id && definitionOf(body.id)) || (body.title && definitionByTitle(body.title));
    if (!def) throw badRequest('title: unknown plugin');
    const row = await this.repo.byId(def.id);
    const settings = readSettings(def, body.input, row ? this.settingsOf(row) : undefined);
    try {
      if (def.category === 'Email') {
        const transport = smtpTransport(settings);
        try {
          await transport.send(testMail(to));
        } finally {
          transport.close();
        }
      } else {
        const storage = new (await s3Storage())(settings);
        try {
          await storage.probe();
        } finally {
          storage.close();
        }
      }
    } catch (err) {
      throw badRequest(`${def.title} test failed: ${(err as Error).message}`);
    }
  }

  /** The transport of the active e-mail plugin, or undefined when e-mail is not configured. */
  async mailTransport(): Promise<MailTransport | undefined> {
    const row = await this.repo.activeOf('Email');
    if (!row || row.id !== SMTP_PLUGIN.id) return undefined;
    this.mail = this.rebuild(this.mail, row, (s) => {
      const t = smtpTransport(s);
      return { value: t, close: () => t.close() };
    });
    return this.mail?.value;
  }

  async emailConfigured(): Promise<boolean> {
    return (await this.mailTransport()) !== undefined;
  }

  /** The S3 store when it is the active storage; undefined means the local folder. */
  async activeS3(): Promise<S3FileStorage | undefined> {
    const row = await this.repo.activeOf('Storage');
    return row ? this.s3Of(row, await s3Storage()) : undefined;
  }

  /** The S3 store from the saved settings, active or not, so files stored there stay reachable after a switch. */
  async savedS3(): Promise<S3FileStorage | undefined> {
    const row = await this.repo.byId(S3_PLUGIN.id);
    return row ? this.s3Of(row, await s3Storage()) : undefined;
  }

  close(): void {
    this.mail?.close();
    this.s3?.close();
  }

  private s3Of(row: PluginRow, Storage: typeof S3FileStorage): S3FileStorage | undefined {
    if (row.id !== S3_PLUGIN.id) return undefined;
    this.s3 = this.rebuild(this.s3, row, (s) => {
      const st = new Storage(s);
      return { value: st, close: () => st.close() };
    });
    return this.s3?.value;
  }

  private rebuild<T>(
    current: Built<T> | undefined,
    row: PluginRow,
    make: (s: PluginSettings) => { value: T; close(): void },
  ): Built<T> | undefined {
    if (current && current.id === row.id && current.updatedAt === row.updated_at) return current;
    current?.close();
    const settings = this.settingsOf(row);
    if (!settings) return undefined;
    return { id: row.id, updatedAt: row.updated_at, ...make(settings) };
  }

  private async ensure(): Promise<void> {
    if (this.ensured) return;
    await this.repo.ensure(PLUGIN_CATALOG);
    this.ensured = true;
  }

  private async load(id: string): Promise<{ def: PluginDefinition; row: PluginRow }> {
    await this.ensure();
    const def = definitionOf(id);
    const row = def && (await this.repo.byId(id));
    if (!def || !row) throw notFound(`Plugin '${id}' not found`);
    return { def, row };
  }

  private settingsOf(row: PluginRow): PluginSettings | undefined {
    return row.sealedInput ? this.secrets.open<PluginSettings>(row.sealedInput) : undefined;
  }

  private present(def: PluginDefinition, row: PluginRow): PluginReply {
    const settings = this.settingsOf(row);
    return {
      id: row.id,
      title: def.title,
      description: def.description,
      category: def.category,
      active: row.active,
      input: settings ? JSON.stringify(maskSettings(def, settings)) : null,
      input_schema: JSON.stringify({
        title: def.title,
        items: def.fields,
        actions: [
          { label: 'Test', key: 'test', actionType: 'TEST', type: 'Button' },
          { label: 'Save', key: 'save', actionType: 'SUBMIT', type: 'Button' },
        ],
      }),
      status: settings ? 'installed' : 'install',
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
