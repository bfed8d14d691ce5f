import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mailboxFolderName } from './mailer.ts';
import { parseCode } from './mail-messages.ts';

/** One message of the development mailbox, as JSON. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  /** ISO 8601. */
  date: string;
  text: string;
  /** The six-digit code found in the text, if any. */
  code: string | null;
}

/** The newest `limit` messages written for `email` under `mailboxDir`, newest first. */
export async function readMailbox(mailboxDir: string, email: string, limit = 20): Promise<MailboxMessage[]> {
  const folder = join(mailboxDir, mailboxFolderName(email));
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  names.sort().reverse();
  // The parser (a quarter of a second to load) only when a developer reads the mailbox, not at start.
  const { simpleParser } = await import('mailparser');
  return Promise.all(
    names.slice(0, limit).map(async (name) => {
      const parsed = await simpleParser(await readFile(join(folder, name)));
      const text = parsed.text ?? '';
      return {
        id: name.slice(0, -'.eml'.length),
        to: email.toLowerCase(),
        subject: parsed.subject ?? '',
        date: (parsed.date ?? new Date(0)).toISOString(),
        text,
        code: parseCode(text),
      };
    }),
  );
}
