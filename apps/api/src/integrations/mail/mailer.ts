/**
 * Outgoing e-mail (docs/decisions/013-payments.md, E-mail). One interface, one real client
 * (SMTP through nodemailer). Without SMTP_URL there is no mailer at all: every message stays in
 * the outbox with status `kept`, so a fresh install loses nothing and needs no mail server.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects on any refusal, error or timeout. */
  send(message: MailMessage): Promise<void>;
}

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start). */
  url: string;
  from: string;
  /**
   * Limit for connecting, for the greeting and for any silence on the socket. nodemailer's own
   * defaults (2 min, 30 s, 10 min) would hold the outbox job for minutes behind one dead server.
   */
  timeoutMs?: number;
}

export const DEFAULT_SMTP_TIMEOUT_MS = 15_000;

/** A refused or failed send, described for the admin who reads the outbox. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

const reasons: Record<string, string> = {
  ETIMEDOUT: 'Server email tidak menjawab tepat waktu',
  ECONNECTION: 'Tidak dapat terhubung ke server email',
  ESOCKET: 'Tidak dapat terhubung ke server email',
  EDNS: 'Alamat server email tidak ditemukan',
  ETLS: 'Koneksi aman (TLS) ke server email gagal',
  EAUTH: 'Login ke server email ditolak; periksa pengguna dan kata sandi di SMTP_URL',
  ENOAUTH: 'Server email meminta login; isi pengguna dan kata sandi di SMTP_URL',
  EENVELOPE: 'Server email menolak pengirim atau penerima',
  EMESSAGE: 'Server email menolak pesan',
  EPROTOCOL: 'Jawaban server email tidak dikenal',
};

/** Indonesian reason first, then the server's own words, which the admin may need to ask the mail provider. */
function describe(error: unknown): MailSendError {
  const e = error as { code?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const detail = typeof e.response === 'string' && e.response ? e.response : typeof e.message === 'string' ? e.message : String(error);
  const reason = (code && reasons[code]) ?? 'Pengiriman email gagal';
  return new MailSendError(`${reason}: ${detail}`.slice(0, 1000), code);
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const timeout = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
  // Query parameters in the URL (e.g. ?connectionTimeout=…) still win over these: nodemailer
  // merges the URL's options last, which leaves the operator the final say.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        throw describe(error);
      }
    },
  };
}

/** The configured mailer, or null when SMTP_URL is unset (messages are then kept in the outbox). */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, options: { timeoutMs?: number } = {}): Mailer | null {
  if (!config.SMTP_URL) return null;
  return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, ...options });
}
