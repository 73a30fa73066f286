/** The messages the server itself answers with: errors and validation (its sign-in part included). */
import type { MessageTree } from '../translate';
import { authValidation } from './authValidation';
import { errors } from './errors';
import { mergeMessages } from './merge';
import { validation } from './validation';

export const serverMessages: MessageTree = { errors, validation: mergeMessages(authValidation, validation) };
