/** A real SMTP receiver on loopback: the server's mail goes here, tests read it back. */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface Mailbox {
  url: string;
  messages: ParsedMail[];
  /** Waits for a message to `to` arriving after `since` (an index into messages). */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, since = 0, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((m) => {
          const addresses = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
          return addresses.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
        });
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
