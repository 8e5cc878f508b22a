import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1: it accepts every mail, without
 * authentication or TLS (a plant's relay), and keeps each one decoded (subject, text). `stop` takes it down and
 * `start` brings it back on the same port, so a test can have the relay down and up again.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Message-ID header as sent. */
  messageId: string;
}

export interface SmtpStandIn {
  port: number;
  mails: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The next `count` mails are taken, then the connection is dropped before the server answers (the client cannot know). */
  dropAfterData(count: number): void;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\s*=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A single-part text mail as nodemailer writes it: headers, blank line, body in its transfer encoding. */
export function parseMail(raw: string): { subject: string; text: string; messageId: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: decodeHeader(header('Subject')), text: text.replace(/\r\n/g, '\n').trimEnd(), messageId: header('Message-ID').trim() };
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  let dropping = 0;
  const sockets = new Set<Socket>();
  const listen = async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { subject, text, messageId } = parseMail(Buffer.concat(chunks).toString('utf8'));
          const envelope = session.envelope;
          mails.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((rcpt) => rcpt.address),
            subject,
            text,
            messageId,
          });
          if (dropping > 0) {
            dropping--;
            for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
            return;
          }
          callback();
        });
      },
    });
    smtp.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => resolve());
    });
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    mails,
    start: listen,
    dropAfterData(count) {
      dropping = count;
    },
    async stop() {
      const smtp = server;
      server = null;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
    async waitForMails(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`the SMTP stand-in got ${mails.length} mails, not ${count}, within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return [...mails];
    },
  };
}
