/**
 * Cookie consent, remembered in local storage under the key `cookies` (spec 01 §9). Floating at the bottom of the
 * signed-in screens; `inline` on the public pages, where it sits above the card in the page's flow and so never
 * covers anything (issue 21: it hid the wizard's 'Atrás' / 'Siguiente' buttons on a short screen). Plain React and CSS
 * (src/pages/publicPages.css): /login draws it before the admin's code.
 */
import { useState } from 'react';
import { storage } from '../../authProvider/storage';
import '../pages/publicPages.css';
import { signInText as text } from './signInText';

export const COOKIES_KEY = 'cookies';

export function CookiesNotice({ inline = false }: { inline?: boolean }) {
  const [accepted, setAccepted] = useState(() => storage().getItem(COOKIES_KEY) === 'true');
  if (accepted) return null;
  const accept = () => {
    storage().setItem(COOKIES_KEY, 'true');
    setAccepted(true);
  };
  return (
    <div role="region" aria-label={text('pages.notices.cookies_accept')} className={inline ? 'public-paper public-notice' : 'public-paper public-notice public-notice--floating'}>
      <p className="public-notice__text">{text('pages.notices.cookies')}</p>
      <button type="button" className="public-button" onClick={accept}>
        {text('pages.notices.cookies_accept')}
      </button>
    </div>
  );
}
