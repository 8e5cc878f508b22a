import nodemailer from 'nodemailer';

/**
 * Email through the plant's SMTP relay (emailHost, emailPort, emailFrom) with nodemailer. SPEC.md has no SMTP user
 * or password: the edge sends through a relay that accepts the plant's machines. Port 465 is TLS from the start;
 * any other port upgrades with STARTTLS when the server offers it. Every stage has a timeout, so a relay that is down
 * or hangs fails the send in seconds (it is retried later) instead of holding anything up.
 */

export interface MailSettings {
  host: string;
  port: number;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A stable Message-ID ('<…@…>'): the same message sent twice carries the same one, so mail systems can tell. */
  messageId?: string;
}

/**
 * The socket timeout of a send: ten minutes, the time RFC 5321 (4.5.3.2) gives a server to answer the end of a
 * message, so the edge never gives up on a message the relay is still taking and sends it again (issue 26).
 * Connecting and the greeting keep short timeouts: until then nothing was handed over.
 */
export const MAIL_SOCKET_TIMEOUT_MS = 600_000;

/**
 * A failed send. `maybeDelivered`: the relay had asked for the message (354 to DATA) and then gave no answer (a
 * timeout, a connection lost): it may have taken the message, so sending it again could repeat it. A refusal with an
 * SMTP code, or a failure before the message was asked for, handed nothing over.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly maybeDelivered: boolean,
  ) {
    super(message);
  }
}

/** nodemailer's logger interface, watching the server's answers for the 354 that asks for the message. */
function handOverWatcher(onHandOver: () => void) {
  const ignore = () => undefined;
  return {
    level: ignore,
    trace: ignore,
    info: ignore,
    warn: ignore,
    error: ignore,
    fatal: ignore,
    debug(entry: { tnx?: string }, message?: unknown) {
      if (entry?.tnx === 'server' && typeof message === 'string' && message.startsWith('354')) onHandOver();
    },
  };
}

/** The Message-ID of a recorded send: derived from its id, so every attempt of one message carries the same one. */
export function messageIdOf(sendID: number, from: string): string {
  const domain = from.includes('@') ? from.slice(from.lastIndexOf('@') + 1).replace(/[^A-Za-z0-9.-]/g, '') || 'oee-edge' : 'oee-edge';
  return `<oee-send-${sendID}@${domain}>`;
}

export async function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  let handedOver = false;
  const transport = nodemailer.createTransport({
    logger: handOverWatcher(() => {
      handedOver = true;
    }) as never,
    transactionLog: true,
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: MAIL_SOCKET_TIMEOUT_MS,
    dnsTimeout: 10_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
  } catch (error) {
    const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number';
    throw new MailError(error instanceof Error ? error.message : String(error), handedOver && !answered);
  } finally {
    transport.close();
  }
}
