import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Clock } from '@grocery/core/ports';

/** Where the pool's e-mail goes. */
export interface MailOptions {
  /** An SMTP URL (`smtp://user:pass@host:587`, `smtps://...`); when set, mail is sent through it. */
  smtpUrl?: string | undefined;
  /** Otherwise each message is written here as `<recipient>/<time>-<random>.eml` (default: a new temp directory). */
  mailboxDir?: string | undefined;
  /** The From header (default `Partner Grocery <no-reply@localhost>`). */
  from?: string | undefined;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the pool's e-mail through nodemailer. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** The directory `.eml` files are written to, or null when mail goes over SMTP. */
  readonly mailboxDir: string | null;
  close(): void;
}

/** The folder of one recipient under the mailbox directory (the address, URI-encoded so it is one safe path segment). */
export function mailboxFolderName(email: string): string {
  return encodeURIComponent(email.toLowerCase());
}

/**
 * SMTP when `smtpUrl` is set, otherwise `.eml` files under `mailboxDir`.
 *
 * @example
 * const mailer = createMailer({ mailboxDir: '.data/mailbox' });
 * await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
 */
export function createMailer(options: MailOptions & { clock?: Clock | undefined } = {}): Mailer {
  const from = options.from ?? 'Partner Grocery <no-reply@localhost>';
  const now = () => options.clock?.now() ?? Date.now();
  // nodemailer (a sixth of a second to load) loads with the first message, not at start.
  let transport: Promise<Transporter> | null = null;
  const transportOf = (settings: string | { streamTransport: true; buffer: true; newline: 'unix' }) =>
    (transport ??= import('nodemailer').then(
      ({ default: nodemailer }) => nodemailer.createTransport(settings) as Transporter,
    ));
  const close = () =>
    void transport?.then(
      (opened) => opened.close(),
      () => {},
    );
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    return {
      mailboxDir: null,
      async send(mail) {
        await (
          await transportOf(smtpUrl)
        ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, date: new Date(now()) });
      },
      close,
    };
  }
  const dir = options.mailboxDir ?? mkdtempSync(join(tmpdir(), 'idp-mailbox-'));
  mkdirSync(dir, { recursive: true });
  return {
    mailboxDir: dir,
    async send(mail) {
      const info = await (
        await transportOf({ streamTransport: true, buffer: true, newline: 'unix' })
      ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, date: new Date(now()) });
      const folder = join(dir, mailboxFolderName(mail.to));
      await mkdir(folder, { recursive: true });
      const name = `${String(now()).padStart(15, '0')}-${randomBytes(4).toString('hex')}.eml`;
      // Write then rename, so a reader never sees half a message.
      await writeFile(join(folder, `.${name}.tmp`), info.message as Buffer);
      await rename(join(folder, `.${name}.tmp`), join(folder, name));
    },
    close,
  };
}
