import { Component, type ComponentChildren } from 'preact';
import { langStore, translate } from '../lib/i18n.ts';

interface State {
  failed: boolean;
}

/** Any rendering fault shows a friendly page with a way out, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ComponentChildren; resetKey?: string }, State> {
  override state: State = { failed: false };

  static override getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('shop: a page failed to render', error);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Moving to another page gives it a fresh chance.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const lang = langStore.get();
    return (
      <section class="page narrow error-page" aria-labelledby="error-title">
        <h1 id="error-title" tabIndex={-1}>
          {translate(lang, 'errorTitle')}
        </h1>
        <p>{translate(lang, 'errorText')}</p>
        <p class="actions">
          <button type="button" class="button primary" onClick={() => window.location.reload()}>
            {translate(lang, 'reload')}
          </button>
          <a class="button" href="/shop/">
            {translate(lang, 'backHome')}
          </a>
        </p>
      </section>
    );
  }
}
