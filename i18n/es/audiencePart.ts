/**
 * The audience input's messages (src/shared/audience: the audience fields of the engine's forms, the site detail, the
 * bulk deactivation, the public wizard): a part of its own that those screens' chunks add with the signed-in part
 * (src/shared/i18nProvider.ts `withMessages`), so the site list's first load does not carry them.
 */
import { audience } from './audience';

export const audienceMessages = { audience };
