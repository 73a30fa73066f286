/**
 * Frame of the public pages (no layout, no session): a centred card, with the cookies notice above it in the flow.
 * Plain React and CSS (publicPages.css), so /login draws before the admin's code (src/main.tsx).
 */
import { useEffect, type ReactNode } from 'react';
import { documentTitle } from '../routes/documentTitle';
import { CookiesNotice } from '../shared/CookiesNotice';
import { signInText } from '../shared/signInText';
import './publicPages.css';

export function PublicShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = documentTitle(signInText, title);
  }, [title]);
  return (
    <main className="public-shell">
      <div className={wide ? 'public-shell__column public-shell__column--wide' : 'public-shell__column'}>
        <CookiesNotice inline />
        <div className="public-paper public-card">
          <h1 className="public-card__title">{signInText(title)}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
