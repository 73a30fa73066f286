/** The messages the server itself answers with: errors and validation. */
import type { MessageTree } from '../translate';
import { errors } from './errors';
import { validation } from './validation';

export const serverMessages: MessageTree = { errors, validation };
