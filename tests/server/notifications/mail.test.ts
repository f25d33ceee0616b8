import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../harness';
import { readOutbox, resetTokenOf } from '../outbox';

/** Collects log lines so a test can prove what never reaches the log. */
function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('mail through a real SMTP server', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  const logs = logCollector();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          done();
        }, done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp('sqlite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: '"Stoa" <hello@stoa.test>', LOG_LEVEL: 'trace' },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the reset e-mail by SMTP, writes no outbox file, and never logs the token', async () => {
    const member = await signUp(t);
    await t.api({ method: 'POST', url: '/forgot-password', payload: { email: member.body.email } });
    await t.app.services.mailer.idle();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from?.text).toBe('"Stoa" <hello@stoa.test>');
    expect(mail.subject).toBe('Reset your Stoa password');
    expect(mail.html).toContain('/reset-password?token=');
    expect(await readOutbox(t)).toHaveLength(0);

    const token = resetTokenOf(mail);
    const done = await t.api({
      method: 'POST',
      url: `/reset-password/${token}`,
      payload: { password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(done.statusCode).toBe(200);
    const log = logs.lines.join('');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).not.toContain(token);
  });
});

describe('mail without SMTP', () => {
  let t: TestApp;
  const logs = logCollector();
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOG_LEVEL: 'info' }, logStream: logs.stream });
  });
  afterAll(() => t.close());

  it('writes an .eml to the outbox and logs where it went and that mail is not configured, never the link', async () => {
    const member = await signUp(t);
    logs.lines.length = 0;
    await t.api({ method: 'POST', url: '/forgot-password', payload: { email: member.body.email } });
    const [mail] = await readOutbox(t);
    const token = resetTokenOf(mail!);
    const [file] = (await fs.readdir(t.config.mail.outboxDir)).filter((name) => name.endsWith('.eml'));
    const log = logs.lines.join('');
    expect(log).toContain('Mail is not configured (SMTP_URL is unset)');
    expect(log).toContain(path.join(t.config.mail.outboxDir, file!));
    expect(log).not.toContain(token);
    expect(log).not.toContain('reset-password?token');
    const [row] = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(log).not.toContain(row!.token_hash);
  });
});
