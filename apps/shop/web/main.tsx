import { render } from 'preact';
import { App } from './app.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { loadShopConfig } from './lib/shop-config.ts';
import './styles.css';

const root = document.getElementById('app')!;

/** Start: read the public config, then render; a failure here still shows words, not a blank page. */
loadShopConfig().then(
  () => {
    root.textContent = '';
    render(
      <ErrorBoundary>
        <App />
      </ErrorBoundary>,
      root,
    );
  },
  (error: unknown) => {
    console.error('shop: could not start', error);
    const th = document.documentElement.lang === 'th';
    root.innerHTML = '';
    const box = document.createElement('div');
    box.className = 'boot boot-failed';
    box.setAttribute('role', 'alert');
    box.textContent = th
      ? 'ไม่สามารถเปิดร้านค้าได้ในขณะนี้ โปรดโหลดหน้านี้ใหม่อีกครั้งในอีกสักครู่'
      : 'The shop could not start. Please reload the page in a moment.';
    root.append(box);
  },
);
