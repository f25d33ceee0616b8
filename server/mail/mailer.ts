import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { newId } from '../db/ids';
import { lazyModule } from '../lazyModule';

const loadNodemailer = lazyModule<typeof import('nodemailer')>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Logged when no mail server is configured and the message only lands in the outbox, so a
   * person running Stoa on one machine can still follow a reset link. Never logged otherwise.
   */
  outboxNote?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait: the answer's timing then says nothing about the mail. */
  sendInBackground(message: MailMessage): void;
  /** Resolves when every background message has been handled (tests and shutdown wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Real SMTP with SMTP_URL; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  const mode = config.smtpUrl ? 'smtp' : 'outbox';
  // Made on the first message: most processes send none for a long time (lazyModule.ts).
  let made: Transporter | undefined;
  const transport = (): Transporter =>
    (made ??= config.smtpUrl
      ? loadNodemailer().createTransport(config.smtpUrl)
      : loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport().sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (mode === 'smtp') return;
    await fs.mkdir(config.outboxDir, { recursive: true });
    const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    log.info({ file }, message.outboxNote ?? `Mail to ${message.to} written to the outbox`);
  }

  return {
    mode,
    send,
    sendInBackground(message) {
      const delivery = send(message)
        .catch((error: unknown) => log.error({ err: error, to: message.to }, 'sending mail failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      made?.close();
    },
  };
}
