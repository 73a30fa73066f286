/** Translates a message that may be an i18n key or a text already in Spanish (server messages). */
import { useTranslate } from 'ra-core';
import { useCallback } from 'react';

export function useText() {
  const translate = useTranslate();
  return useCallback(
    (message: string, values: Record<string, unknown> = {}) => translate(message, { _: message, ...values }),
    [translate],
  );
}
