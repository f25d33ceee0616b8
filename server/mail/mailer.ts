import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { newId } from '../db/ids';
import { lazyModule } from '../lazyModule';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';

const loadNodemailer = lazyModule<typeof import('nodemailer')>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The request that caused the mail: sent as its X-Request-Id header, and on the log lines about it. */
  requestId?: string;
}

/** The header that carries the request id in a sent message (docs/server.md "Metrics and readiness"). */
export const MAIL_REQUEST_ID_HEADER = 'X-Request-Id';

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Composes and sends a message once `after` settles (the request's answer is out), without
   * anyone waiting: the request does the same work whether or not a message follows, so neither
   * its answer nor its timing tells anything. `compose` answers undefined when there is nothing to
   * send. A failure, of composing or of sending, is logged. `requestId`: the request that asked for
   * it, carried by the message's header and the log lines.
   */
  sendLater(after: Promise<unknown>, compose: () => Promise<MailMessage | undefined>, requestId?: string): void;
  /** Resolves when every message handed to sendLater has been handled (tests and shutdown wait on it). */
  idle(): Promise<void>;
  /** Mails waiting to be sent, and those sent (or written) and failed since start (the metrics). */
  stats(): { pending: number; sent: number; failed: number };
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
  let sent = 0;
  let failed = 0;

  async function send(message: MailMessage): Promise<void> {
    try {
      await deliver(message);
      sent += 1;
    } catch (error) {
      failed += 1;
      throw error;
    }
  }

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport().sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.requestId ? { headers: { [MAIL_REQUEST_ID_HEADER]: message.requestId } } : {}),
    });
    if (mode === 'smtp') return;
    await fs.mkdir(config.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    // Where the file went, never what it says: a reset link in the log is a key to the account
    // for whoever reads the log.
    log.info(
      { file, ...(message.requestId ? { reqId: message.requestId } : {}) },
      `Mail is not configured (SMTP_URL is unset): the message to ${message.to} was written to ${file}`,
    );
  }

  return {
    mode,
    send,
    sendLater(after, compose, requestId) {
      const ids = requestId ? { reqId: requestId } : {};
      const delivery = after
        .then(compose, compose)
        .then((message) => message && send(requestId ? { requestId, ...message } : message))
        .catch((error: unknown) => log.error({ err: error, ...ids }, 'a mail could not be sent'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stats: () => ({ pending: pending.size, sent, failed }),
    async close() {
      await this.idle();
      made?.close();
    },
  };
}
