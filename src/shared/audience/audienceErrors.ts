/**
 * Where an audience's validation errors show: react-hook-form keeps a record-level error of
 * `audience.departments` (the engine's yup schema, the server's field errors) as a nested object under
 * the input's `error`, and the input's own validator's as `error.message`. Pure.
 */
export const AUDIENCE_PARTS = ['segment', 'departments', 'municipalities', 'groups', 'siteTypes'] as const;
export type AudiencePart = (typeof AUDIENCE_PARTS)[number];

export type AudienceErrors = Partial<Record<AudiencePart | 'root', string>>;

/** A react-hook-form error's message: a string, or react-admin's `{ message }` wrapping of a form-level one. */
const messageOf = (value: unknown): string | undefined => {
  const message = (value as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return message !== '' ? message : undefined;
  return message && typeof message === 'object' ? messageOf(message) : undefined;
};

export function audienceErrors(error: unknown): AudienceErrors {
  if (!error || typeof error !== 'object') return {};
  const errors: AudienceErrors = {};
  const root = messageOf(error);
  if (root) errors.root = root;
  for (const part of AUDIENCE_PARTS) {
    const message = messageOf((error as Record<string, unknown>)[part]);
    if (message) errors[part] = message;
  }
  return errors;
}
