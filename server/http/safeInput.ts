/**
 * The one guard every request's input passes before validation (path parameters, query string,
 * body): PostgreSQL refuses the NUL character in text, validators index plain objects by key (yup
 * fails on a key named `constructor`), and a deeply nested body costs work for nothing. Each is
 * answered 400 in the envelope instead of a 500 further down.
 */
import type { FastifyInstance } from 'fastify';
import { badArgument } from './errors';

/** No body of this API nests deeper than a few levels (a superadmin's permissions: 3). */
export const MAX_INPUT_DEPTH = 32;

/** Names of Object.prototype's members (`__proto__`, `constructor`, `toString`…): never a field of this API. */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

export type UnsafeInputReason = 'nul' | 'key' | 'depth';

export interface UnsafeInput {
  reason: UnsafeInputReason;
  /** Dotted path of the offending value (`permissions.0.name`), empty for the value itself. */
  target: string;
}

const hasNul = (text: string) => text.includes('\u0000');

/**
 * The first unsafe thing in a parsed input, or null. Iterative (an explicit stack), so that a
 * body nested thousands of levels deep cannot overflow the call stack while it is inspected.
 */
export function findUnsafeInput(input: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasNul(value)) return { reason: 'nul', target: path };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { reason: 'depth', target: path };
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: path === '' ? String(index) : `${path}.${index}`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (hasNul(key)) return { reason: 'nul', target: path };
      if (PROTOTYPE_KEYS.has(key)) return { reason: 'key', target: childPath };
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

const MESSAGE_KEYS: Record<UnsafeInputReason, string> = {
  nul: 'errors.input_nul',
  key: 'errors.input_key',
  depth: 'errors.input_depth',
};

/** Refuses unsafe input on every route, after the access check and before schema validation and handlers. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const unsafe = findUnsafeInput(input);
      if (unsafe) throw badArgument(unsafe.target, MESSAGE_KEYS[unsafe.reason]);
    }
  });
}
