/** Browser side effects the auth flow triggers, behind one object so tests can observe them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};

/** Time the 403 notice stays visible before the page reloads (spec: "shows the message then reloads"). */
export const FORBIDDEN_RELOAD_DELAY_MS = 2000;
