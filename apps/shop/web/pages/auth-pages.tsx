import type { ComponentChildren, TargetedEvent } from 'preact';
import { useState } from 'preact/hooks';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import {
  answerEmailCode,
  confirmSignUp,
  resendSignUpCode,
  signUp,
  startSignIn,
  type SignInStep,
} from '../lib/auth-session.ts';
import { errorCode, errorText } from '../lib/error-text.ts';
import { useLang } from '../lib/i18n.ts';
import { navigate, safeNext } from '../lib/router.ts';
import { shopConfig } from '../lib/shop-config.ts';
import { reloadBasket } from '../lib/shop-state.ts';
import { PageHeading } from './page-heading.tsx';

type Step = { kind: 'details' } | { kind: 'confirm' } | { kind: 'otp'; session: string };

/** Where development e-mails can be read, when the embedded provider runs in development. */
function DevMailbox({ email }: { email: string }) {
  const { t } = useLang();
  const base = shopConfig().devMailboxUrl;
  if (!base) return null;
  return (
    <p class="dev-mailbox">
      {t('devMailboxNote')}{' '}
      <a
        href={`${base}${encodeURIComponent(email)}`}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="dev-mailbox"
      >
        {t('devMailbox')}
      </a>
    </p>
  );
}

function EmailPasswordFields({
  email,
  password,
  setEmail,
  setPassword,
  newPassword,
}: {
  email: string;
  password: string;
  setEmail: (v: string) => void;
  setPassword: (v: string) => void;
  newPassword: boolean;
}) {
  const { t } = useLang();
  const [show, setShow] = useState(false);
  const passwordProps = {
    id: 'password',
    name: 'password',
    autoComplete: newPassword ? 'new-password' : 'current-password',
    required: true,
    value: password,
    onInput: (e: TargetedEvent<HTMLInputElement>) => setPassword(e.currentTarget.value),
    'aria-describedby': newPassword ? 'password-help' : undefined,
  };
  return (
    <>
      <div class="field">
        <label for="email">{t('email')}</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="password">{t('password')}</label>
        {show ? <input type="text" {...passwordProps} /> : <input type="password" {...passwordProps} />}
        {newPassword && (
          <p id="password-help" class="help">
            {t('passwordHelp')}
          </p>
        )}
        <label class="checkbox">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.currentTarget.checked)} />{' '}
          {t('showPassword')}
        </label>
      </div>
    </>
  );
}

function CodeField({ code, setCode }: { code: string; setCode: (v: string) => void }) {
  const { t } = useLang();
  return (
    <div class="field">
      <label for="code">{t('codeLabel')}</label>
      <input
        id="code"
        name="code"
        class="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onInput={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
      />
    </div>
  );
}

/** The first step of both flows: e-mail and password, the submit button, and `children` (the way to the other flow). */
function DetailsForm(props: {
  email: string;
  password: string;
  setEmail: (v: string) => void;
  setPassword: (v: string) => void;
  newPassword: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: Event) => void;
  children: ComponentChildren;
}) {
  const { t } = useLang();
  return (
    <form onSubmit={props.onSubmit} class="stack">
      <EmailPasswordFields
        email={props.email}
        password={props.password}
        setEmail={props.setEmail}
        setPassword={props.setPassword}
        newPassword={props.newPassword}
      />
      <button type="submit" class="button primary wide" disabled={props.busy}>
        {props.busy ? t('loading') : props.submitLabel}
      </button>
      <p>{props.children}</p>
    </form>
  );
}

/** The code step of both flows: the six digits e-mailed to confirm an account or to sign in; `children` are what else the step offers. */
function CodeStep(props: {
  kind: Step['kind'];
  email: string;
  code: string;
  setCode: (v: string) => void;
  busy: boolean;
  onSubmit: (event: Event) => void;
  children: ComponentChildren;
}) {
  const { t } = useLang();
  return (
    <form onSubmit={props.onSubmit} class="stack">
      <p data-testid="code-step">
        {t(props.kind === 'otp' ? 'codeSentSignIn' : 'codeSentSignUp', { email: props.email })}
      </p>
      <CodeField code={props.code} setCode={props.setCode} />
      <button type="submit" class="button primary wide" disabled={props.busy}>
        {props.busy ? t('loading') : t('confirm')}
      </button>
      <DevMailbox email={props.email} />
      {props.children}
    </form>
  );
}

/** Runs the flow after the password and the confirmations: the e-mailed sign-in code, then the shop. */
function useAuthFlow(next: string) {
  const { lang } = useLang();
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const finish = async (result: SignInStep) => {
    if (result.kind === 'email-otp') {
      setStep({ kind: 'otp', session: result.session });
      return;
    }
    await reloadBasket().catch(() => null);
    navigate(safeNext(next), { replace: true });
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await action();
    } catch (failure) {
      setError(errorText(failure, lang));
      return failure;
    } finally {
      setBusy(false);
    }
    return null;
  };

  return { step, setStep, busy, error, setError, info, setInfo, finish, run };
}

export function SignInPage({ next }: { next: string }) {
  const { t } = useLang();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const flow = useAuthFlow(next);

  const submitPassword = async (event: Event) => {
    event.preventDefault();
    const failure = await flow.run(async () => flow.finish(await startSignIn(email.trim(), password)));
    if (failure && errorCode(failure) === 'UserNotConfirmedException') {
      // An account never confirmed gets a fresh code and the confirm step.
      await resendSignUpCode(email.trim()).catch(() => undefined);
      flow.setStep({ kind: 'confirm' });
    }
  };

  const submitConfirm = (event: Event) => {
    event.preventDefault();
    void flow.run(async () => {
      await confirmSignUp(email.trim(), code.trim());
      setCode('');
      await flow.finish(await startSignIn(email.trim(), password));
    });
  };

  const submitOtp = (event: Event) => {
    event.preventDefault();
    if (flow.step.kind !== 'otp') return;
    const session = flow.step.session;
    void flow.run(async () => flow.finish(await answerEmailCode(email.trim(), session, code.trim())));
  };

  return (
    <div class="page narrow">
      <section class="panel auth-panel">
        <PageHeading>{t('signInTitle')}</PageHeading>
        {flow.error && (
          <Notice tone="error" testId="auth-error">
            {flow.error}
          </Notice>
        )}
        {flow.step.kind === 'details' && (
          <DetailsForm
            email={email}
            password={password}
            setEmail={setEmail}
            setPassword={setPassword}
            newPassword={false}
            busy={flow.busy}
            submitLabel={t('continue')}
            onSubmit={submitPassword}
          >
            {t('noAccount')} <Link to={`/sign-up?next=${encodeURIComponent(next)}`}>{t('signUp')}</Link>
          </DetailsForm>
        )}
        {flow.step.kind !== 'details' && (
          <CodeStep
            kind={flow.step.kind}
            email={email.trim()}
            code={code}
            setCode={setCode}
            busy={flow.busy}
            onSubmit={flow.step.kind === 'otp' ? submitOtp : submitConfirm}
          >
            <button
              type="button"
              class="button link"
              onClick={() => {
                flow.setStep({ kind: 'details' });
                flow.setError(null);
                setCode('');
              }}
            >
              {t('startOver')}
            </button>
          </CodeStep>
        )}
      </section>
    </div>
  );
}

export function SignUpPage({ next }: { next: string }) {
  const { t } = useLang();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const flow = useAuthFlow(next);

  const submitDetails = (event: Event) => {
    event.preventDefault();
    void flow.run(async () => {
      const { confirmed } = await signUp(email.trim(), password);
      if (confirmed) await flow.finish(await startSignIn(email.trim(), password));
      else flow.setStep({ kind: 'confirm' });
    });
  };

  const submitConfirm = (event: Event) => {
    event.preventDefault();
    void flow.run(async () => {
      await confirmSignUp(email.trim(), code.trim());
      setCode('');
      flow.setInfo(t('confirmedSigningIn'));
      await flow.finish(await startSignIn(email.trim(), password));
    });
  };

  const submitOtp = (event: Event) => {
    event.preventDefault();
    if (flow.step.kind !== 'otp') return;
    const session = flow.step.session;
    void flow.run(async () => flow.finish(await answerEmailCode(email.trim(), session, code.trim())));
  };

  const resend = () =>
    void flow.run(async () => {
      await resendSignUpCode(email.trim());
      flow.setInfo(t('codeResent'));
    });

  return (
    <div class="page narrow">
      <section class="panel auth-panel">
        <PageHeading>{t('signUpTitle')}</PageHeading>
        {flow.error && (
          <Notice tone="error" testId="auth-error">
            {flow.error}
          </Notice>
        )}
        {flow.info && <Notice tone="info">{flow.info}</Notice>}
        {flow.step.kind === 'details' && (
          <DetailsForm
            email={email}
            password={password}
            setEmail={setEmail}
            setPassword={setPassword}
            newPassword
            busy={flow.busy}
            submitLabel={t('signUp')}
            onSubmit={submitDetails}
          >
            {t('haveAccount')} <Link to={`/sign-in?next=${encodeURIComponent(next)}`}>{t('signIn')}</Link>
          </DetailsForm>
        )}
        {flow.step.kind !== 'details' && (
          <CodeStep
            kind={flow.step.kind}
            email={email.trim()}
            code={code}
            setCode={setCode}
            busy={flow.busy}
            onSubmit={flow.step.kind === 'otp' ? submitOtp : submitConfirm}
          >
            {flow.step.kind === 'confirm' && (
              <button type="button" class="button link" onClick={resend} disabled={flow.busy}>
                {t('resendCode')}
              </button>
            )}
          </CodeStep>
        )}
      </section>
    </div>
  );
}
