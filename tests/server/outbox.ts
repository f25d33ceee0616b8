import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { TestApp } from './harness';

/** The messages the app wrote to DATA_DIR/outbox, parsed, oldest first. */
export async function readOutbox(t: TestApp): Promise<ParsedMail[]> {
  await t.app.services.mailer.idle();
  const dir = t.config.mail.outboxDir;
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map(async (f) => simpleParser(await fs.readFile(path.join(dir, f)))),
  );
}

/** The reset token in the link of a message. */
export function resetTokenOf(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no reset link in the message');
  return match[1]!;
}
