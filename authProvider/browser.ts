/** Browser side effects the auth flow triggers, behind one object so tests can observe them. */
const FORBIDDEN_RELOAD_KEY = 'forbiddenReloadPage';
let memoryMark: string | null = null;

const sessionStore = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null =>
  typeof globalThis.sessionStorage === 'undefined' ? null : globalThis.sessionStorage;

export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** The page the user is on (its path), which a 403 reload would reload. */
  currentPage(): string {
    return typeof window === 'undefined' ? '' : window.location.pathname;
  },
  /** The page last reloaded because of a 403; it survives the reload (session storage), not the tab. */
  forbiddenReloadMark: {
    get(): string | null {
      return sessionStore()?.getItem(FORBIDDEN_RELOAD_KEY) ?? memoryMark;
    },
    set(page: string | null): void {
      memoryMark = page;
      const store = sessionStore();
      if (!store) return;
      if (page === null) store.removeItem(FORBIDDEN_RELOAD_KEY);
      else store.setItem(FORBIDDEN_RELOAD_KEY, page);
    },
  },
};

/** Time the 403 notice stays visible before the page reloads (spec: "shows the message then reloads"). */
export const FORBIDDEN_RELOAD_DELAY_MS = 2000;
