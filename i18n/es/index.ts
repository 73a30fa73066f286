/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text. Translators edit only the files
 * of this folder. The browser loads them in parts (signIn.ts first, signedIn.ts after sign-in, detail.ts with the site detail,
 * deactivationPart.ts with the bulk deactivation page,
 * wizard.ts with the public request wizard); this is their union,
 * for the tests and the key checks.
 */
import { mergeMessages } from './merge';
import { signedInMessages } from './signedIn';
import { signInMessages } from './signIn';
import { wizardMessages } from './wizard';
import { deactivationMessages } from './deactivationPart';
import { detailMessages } from './detail';

export { deactivationMessages, detailMessages, signInMessages, signedInMessages, wizardMessages };

export const spanishMessages = [signedInMessages, detailMessages, deactivationMessages, wizardMessages].reduce<Record<string, unknown>>(
  (merged, part) => mergeMessages(merged, part),
  signInMessages,
) as typeof signInMessages & typeof signedInMessages & typeof detailMessages & typeof deactivationMessages & typeof wizardMessages;
