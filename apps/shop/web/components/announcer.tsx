import { createStore, useStore } from '../lib/store.ts';

const messageStore = createStore<{ text: string; id: number } | null>(null);
let counter = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a short confirmation (e.g. "added to basket") and reads it out to screen readers. */
export function announce(text: string): void {
  messageStore.set({ text, id: ++counter });
  clearTimeout(timer);
  timer = setTimeout(() => messageStore.set(null), 4000);
}

export function Announcer() {
  const message = useStore(messageStore);
  return (
    <div class="toast-region" role="status" aria-live="polite" data-testid="toast">
      {message && (
        <p class="toast" key={message.id}>
          {message.text}
        </p>
      )}
    </div>
  );
}
