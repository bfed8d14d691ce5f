import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { testDatabaseKinds } from '@grocery/store';
import { GOOD_PASSWORD, startPool } from './pool-fixture.ts';

describe('mail over SMTP', () => {
  test('with smtpUrl set, codes go to the SMTP server in English and Thai, and nothing is kept in the mailbox', async () => {
    const received: { to: string[]; raw: Buffer }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const [kind] = testDatabaseKinds();
    const db = await kind!.open();
    const p = await startPool(db, { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Shop <no-reply@shop.example>' } });
    try {
      await p.sdk.send(new SignUpCommand({ ClientId: p.clientId, Username: 'smtp@example.com', Password: GOOD_PASSWORD }));
      assert.equal(received.length, 1);
      assert.deepEqual(received[0]!.to, ['smtp@example.com']);
      const mail = await simpleParser(received[0]!.raw);
      assert.equal(mail.from?.value[0]?.address, 'no-reply@shop.example');
      assert.match(mail.subject ?? '', /ยืนยันอีเมลของคุณ/);
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      assert.ok(code);
      assert.match(mail.text ?? '', /The code expires in 24 hours/);
      assert.match(mail.text ?? '', /รหัสนี้จะหมดอายุใน 24 ชั่วโมง/);
      await p.sdk.send(new ConfirmSignUpCommand({ ClientId: p.clientId, Username: 'smtp@example.com', ConfirmationCode: code }));
      assert.deepEqual(await p.mailbox('smtp@example.com'), []);
    } finally {
      await p.close();
      await db.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
