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
}

export async function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    dnsTimeout: 10_000,
  });
  try {
    await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
