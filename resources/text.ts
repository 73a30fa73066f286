/**
 * Text rules that leave a value which is not text (an array, an object) to yup's type check, so it is refused with the
 * field's message: yup's own `.trim()` and `.lowercase()` transforms call `value.trim()` on whatever came, before
 * the type check, and `{"reCaptcha": ["a"]}` threw a TypeError, a 500 (issue 21). Every trimmed text of the
 * declarations and the server starts here; resources/text.test.ts keeps yup's transforms out of the sources.
 */
import * as yup from 'yup';

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const trimLower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Refusal of a value that is not text, unless the field names its own (`.typeError(key)`). */
const NOT_TEXT = 'validation.field.text';

/** A text without its surrounding spaces. */
export const trimmedString = () => yup.string().typeError(NOT_TEXT).transform(trim);

/** A text without its surrounding spaces, in lower case (e-mail addresses). */
export const trimmedLowerString = () => yup.string().typeError(NOT_TEXT).transform(trimLower);
