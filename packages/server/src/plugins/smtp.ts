/** The SMTP e-mail plugin: settings to a nodemailer transport, and each message sent with text and HTML parts. */
import type { Transporter } from 'nodemailer';
import type { MailMessage } from '../mail/mailer.js';
import type { PluginSettings } from './settings.js';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(settings: PluginSettings): MailTransport {
  const secure = settings.secure === true;
  // nodemailer is loaded with the first message, not at start (docs/performance.md, "Server memory at rest").
  let made: Transporter | undefined;
  const transporter = async (): Promise<Transporter> =>
    (made ??= (await import('nodemailer')).default.createTransport({
      host: String(settings.host),
      port: Number(settings.port),
      secure,
      requireTLS: settings.starttls === true,
      ignoreTLS: settings.ignoreTLS === true,
      auth: settings.username
        ? { user: String(settings.username), pass: String(settings.password ?? '') }
        : undefined,
      tls: { rejectUnauthorized: settings.rejectUnauthorized === true },
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    }));
  const from = String(settings.from);
  return {
    async send(message) {
      await (
        await transporter()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: htmlOf(message),
      });
    },
    close: () => made?.close(),
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The HTML part: the text's lines as paragraphs, with the message's link made a button. */
export function htmlOf(message: MailMessage): string {
  const paragraphs = message.text
    .split('\n')
    .map((line) => {
      const escaped = escapeHtml(line);
      if (!message.link) return `<p>${escaped}</p>`;
      const href = escapeHtml(message.link);
      return `<p>${escaped.replace(href, `<a href="${href}">${href}</a>`)}</p>`;
    })
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${paragraphs}\n</body></html>`;
}
