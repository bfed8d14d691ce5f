import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';

/** The password every test shopper signs up with (it meets the pool's policy). */
export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * A shopper's way in through an embedded user pool at `{origin}/idp`, with the official AWS SDK
 * client: sign up, confirm with the e-mailed code, sign in with the password and answer the
 * EMAIL_OTP challenge with the next code, both read from the pool's development mailbox.
 */
export class ShopperSignIn {
  readonly #origin: string;
  readonly #cognito: CognitoIdentityProviderClient;

  constructor(origin: string) {
    this.#origin = origin;
    this.#cognito = new CognitoIdentityProviderClient({
      endpoint: `${origin}/idp`,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  /** Signs a new shopper up and in; returns the id token. */
  async signUp(clientId: string, email: string): Promise<string> {
    const started = Date.now();
    await this.#cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: TEST_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await this.#cognito.send(
      new ConfirmSignUpCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: await this.mailboxCode(email, started),
      }),
    );
    const signInAt = Date.now();
    const challenge = await this.#cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      }),
    );
    const tokens = await this.#cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: await this.mailboxCode(email, signInAt) },
      }),
    );
    const idToken = tokens.AuthenticationResult?.IdToken;
    if (!idToken) throw new Error('sign-in gave no id token');
    return idToken;
  }

  /** The newest code mailed to `email` since `after` (ms), waiting up to 5 s for it. */
  async mailboxCode(email: string, after: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${this.#origin}/idp/dev/mailbox/${encodeURIComponent(email)}`);
      if (response.ok) {
        const body = (await response.json()) as { messages: { code: string | null; date: string }[] };
        const fresh = body.messages.find((m) => m.code && Date.parse(m.date) >= after - 1000);
        if (fresh?.code) return fresh.code;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no code for ${email} in the mailbox`);
  }

  close(): void {
    this.#cognito.destroy();
  }
}
