/**
 * Outgoing e-mail. Services call `ctx.mailer.send(...)`; the transport decides what "sending" means.
 * The outbox transport (the default until an SMTP plugin is configured) keeps the latest messages in memory
 * and logs each one, so a self-hosted admin can read reset and invite links from the log and tests can read
 * them from `ctx.outbox`.
 */

export type MailKind =
  'password-reset' | 'invite' | 'email-verification' | 'form-submission' | 'test' | 'webhook';

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (reset, invite, verification); empty when there is none. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type MailLog = (fields: Record<string, unknown>, message: string) => void;

/** Keeps the last `capacity` messages, newest last. */
export class OutboxMailer implements Mailer {
  private readonly kept: MailMessage[] = [];

  constructor(
    private readonly log: MailLog,
    private readonly capacity = 200,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.keep(message);
    this.log({ mail: { kind: message.kind, to: message.to, link: message.link } }, message.subject);
  }

  /** Records a message without logging it (it went out through a real transport, links stay out of the log). */
  keep(message: MailMessage): void {
    this.kept.push(message);
    if (this.kept.length > this.capacity) this.kept.shift();
  }

  get messages(): readonly MailMessage[] {
    return this.kept;
  }

  /** The newest message of a kind sent to an address. */
  latest(to: string, kind?: MailKind): MailMessage | undefined {
    const address = to.trim().toLowerCase();
    for (let i = this.kept.length - 1; i >= 0; i--) {
      const m = this.kept[i]!;
      if (m.to === address && (!kind || m.kind === kind)) return m;
    }
    return undefined;
  }
}
