/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text. Translators edit only the files
 * of this folder. The browser loads them in parts (signIn.ts first, signedIn.ts with the layout after sign-in, each other
 * part with the screens and dialogs that name it: src/shared/i18nProvider.ts `withMessages`); this is their union,
 * for the tests and the key checks.
 */
import { auditMessages } from './auditPart';
import { audienceMessages } from './audiencePart';
import { deactivationMessages } from './deactivationPart';
import { detailMessages } from './detail';
import { loadsMessages } from './loadsPart';
import { mergeMessages } from './merge';
import { peopleMessages } from './peoplePart';
import { signedInMessages } from './signedIn';
import { signInMessages } from './signIn';
import { wizardMessages } from './wizard';

export { auditMessages, audienceMessages, deactivationMessages, detailMessages, loadsMessages, peopleMessages, signInMessages, signedInMessages, wizardMessages };

/** Every part the browser adds after the sign-in part, by its name in src/shared/i18nProvider.ts. */
export const messageParts = {
  signedIn: signedInMessages,
  audience: audienceMessages,
  people: peopleMessages,
  audit: auditMessages,
  loads: loadsMessages,
  detail: detailMessages,
  deactivation: deactivationMessages,
  wizard: wizardMessages,
};

export const spanishMessages = Object.values(messageParts).reduce<Record<string, unknown>>(
  (merged, part) => mergeMessages(merged, part),
  signInMessages,
) as typeof signInMessages &
  typeof signedInMessages &
  typeof audienceMessages &
  typeof peopleMessages &
  typeof auditMessages &
  typeof loadsMessages &
  typeof detailMessages &
  typeof deactivationMessages &
  typeof wizardMessages;
