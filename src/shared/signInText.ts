/**
 * The sign-in areas' texts (i18n/es/loading.ts) and a translator over them that needs no react-admin: the public pages'
 * frame and the sign-in forms, drawn before the admin's code arrives (src/main.tsx), use it; the i18nProvider starts
 * from the same messages. A text that is no key (a server message already in Spanish) is shown as it is.
 */
import { messages as auth } from '../../i18n/es/auth';
import { messages as errors } from '../../i18n/es/errors';
import { SIGN_IN_AREAS } from '../../i18n/es/loading';
import { messages as menu } from '../../i18n/es/menu';
import { mergeMessages } from '../../i18n/es/merge';
import { messages as pages } from '../../i18n/es/pages';
import { messages as ra } from '../../i18n/es/ra';

type Tree = { readonly [key: string]: unknown };

const SIGN_IN = { ra, auth, errors, menu, pages } satisfies Record<(typeof SIGN_IN_AREAS)[number], object>;
export const signInMessages: Tree = SIGN_IN_AREAS.reduce<Tree>((merged, name) => mergeMessages(merged, SIGN_IN[name]), {});

/** The text of `message` (an i18n key of the sign-in areas, or a text) with polyglot's `%{name}` placeholders filled. */
export function signInText(message: string, values: Record<string, unknown> = {}): string {
  const found = message.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Tree)[key] : undefined), signInMessages);
  if (typeof found !== 'string') return message;
  return found.replace(/%\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
