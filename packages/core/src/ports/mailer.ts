/** One plain-text e-mail. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail to shoppers and buyers (order confirmations of agent checkouts). Implemented outside
 * core: SMTP in production, a mailbox folder in development (`createMailer` of @grocery/idp).
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
