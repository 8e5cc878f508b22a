import type { AlertKind } from './notifications';
import { plantDateParts } from './time-zone';

/**
 * The texts the edge sends (issue 17): an alert about a stop or a maintenance call, the email with a user's Telegram
 * registration link, and the bot's answer to that link. Spanish, or English for a user whose language is English.
 * Plain text: Telegram shows it as it is (no markup to escape), and it is the body of the email.
 */

export type MessageLanguage = 'es' | 'en';

export interface AlertFacts {
  kind: AlertKind;
  plantName: string;
  lineID: number;
  lineDescription: string;
  sectorName: string | null;
  /** The stop's reason, or the call's reason; null when not known yet. */
  reason: string | null;
  /** A maintenance call's status: 0 waiting, 1 started. */
  callStatus?: number;
  sinceMs: number;
  nowMs: number;
  timeZone: string;
  /** The line's dashboard on the edge (…/?line=n). */
  dashboardUrl: string;
}

export interface MessageText {
  subject: string;
  text: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' on the plant's wall clock. */
export function plantMinuteText(instantMs: number, timeZone: string): string {
  const p = plantDateParts(instantMs, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Whole minutes as a person reads them: '7 min', '1 h 05 min', '2 d 3 h' (never negative). */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${pad(minutes % 60)} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const WORDS = {
  es: {
    stop: 'Parada',
    maintenance: 'Llamado a mantenimiento',
    waiting: 'esperando',
    started: 'en curso',
    line: 'Línea',
    plant: 'Planta',
    reason: 'Motivo',
    unknownReason: 'sin motivo todavía',
    since: 'Desde',
    elapsed: 'hace',
    dashboard: 'Ver la línea',
  },
  en: {
    stop: 'Stop',
    maintenance: 'Maintenance call',
    waiting: 'waiting',
    started: 'in progress',
    line: 'Line',
    plant: 'Plant',
    reason: 'Reason',
    unknownReason: 'no reason yet',
    since: 'Since',
    elapsed: 'for',
    dashboard: 'Open the line',
  },
} as const;

/** The alert about a situation, in `language`. */
export function alertMessage(facts: AlertFacts, language: MessageLanguage): MessageText {
  const w = WORDS[language];
  const what = facts.kind === 'stop' ? w.stop : `${w.maintenance} (${facts.callStatus === 1 ? w.started : w.waiting})`;
  const line = `${w.line} ${facts.lineID} – ${facts.lineDescription}${facts.sectorName ? ` (${facts.sectorName})` : ''}`;
  const elapsed = durationText(facts.nowMs - facts.sinceMs);
  const subject = `[${facts.plantName}] ${what}: ${line}, ${elapsed}`;
  const text = [
    `${what}: ${line}`,
    `${w.plant}: ${facts.plantName}`,
    `${w.reason}: ${facts.reason ?? w.unknownReason}`,
    `${w.since}: ${plantMinuteText(facts.sinceMs, facts.timeZone)} (${w.elapsed} ${elapsed})`,
    `${w.dashboard}: ${facts.dashboardUrl}`,
  ].join('\n');
  return { subject, text };
}

/** The email with a user's personal link to the bot. */
export function registrationMail(
  input: { firstName: string; plantName: string; link: string; validHours: number },
  language: MessageLanguage,
): MessageText {
  if (language === 'en') {
    return {
      subject: `[${input.plantName}] Receive the plant's alerts on Telegram`,
      text: [
        `Hello ${input.firstName},`,
        '',
        `Open this link on the device where you use Telegram and press Start to receive the alerts of ${input.plantName}:`,
        input.link,
        '',
        `The link is yours alone and works once, within ${input.validHours} hours.`,
      ].join('\n'),
    };
  }
  return {
    subject: `[${input.plantName}] Reciba las alertas de la planta en Telegram`,
    text: [
      `Hola ${input.firstName},`,
      '',
      `Abra este enlace en el dispositivo donde usa Telegram y pulse Iniciar para recibir las alertas de ${input.plantName}:`,
      input.link,
      '',
      `El enlace es solo suyo y sirve una vez, durante ${input.validHours} horas.`,
    ].join('\n'),
  };
}

/** The bot's answer to /start: registered, or the link is not (or no longer) valid. */
export function registrationReply(registered: boolean, plantName: string, language: MessageLanguage): string {
  if (language === 'en') {
    return registered
      ? `Registered: this chat will receive the alerts of ${plantName}.`
      : 'This link is not valid or has expired: ask an administrator for a new one.';
  }
  return registered
    ? `Registrado: este chat recibirá las alertas de ${plantName}.`
    : 'Este enlace no es válido o venció: pida uno nuevo a un administrador.';
}
