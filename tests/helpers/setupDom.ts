import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): on a loaded 2-core machine a lazy screen's first
// render can take longer than a second, and a wait that ends early fails a correct test. A wrong result still fails.
configure({ asyncUtilTimeout: 5000 });

// Component files share their worker's window and modules (vitest.config.ts): each test unmounts what it rendered, and
// each file leaves the window as it found it — no storage, cookies, address, stubs, spies or fake clock carry over.
afterEach(() => cleanup());

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
  document.title = '';
});
