/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text. Translators edit only the files
 * of this folder. The browser loads them in two parts (signIn.ts first, signedIn.ts after sign-in); this is their union,
 * for the tests and the key checks.
 */
import { mergeMessages } from './merge';
import { signedInMessages } from './signedIn';
import { signInMessages } from './signIn';

export { signInMessages, signedInMessages };

export const spanishMessages = mergeMessages(signInMessages, signedInMessages);
