/**
 * The parts of the sign-in forms without react-admin or MUI (drawn before the admin's code: src/main.tsx): a form state
 * that behaves as react-admin's Form (react-hook-form) — messages after the first submit, then following each change;
 * errors returned by the submit shown under their inputs — and a small filled input and an alert in the admin's look
 * (src/pages/publicPages.css).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { signInText } from '../shared/signInText';
import { TOAST_DURATION_MS } from '../shared/toastDuration';

export type FieldErrors = Record<string, string>;

export function useSignInForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => Promise<FieldErrors>,
  onSubmit: (values: V) => Promise<FieldErrors | undefined>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // react-admin's notice for a submit the validation stops (ra.message.invalid_form), counted so each one restarts it.
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const submitted = useRef(false);
  const latest = useRef(initial);
  // A later validation wins over an earlier one still running (yup loads on first use).
  const run = useRef(0);
  const check = useCallback(
    async (next: V) => {
      const id = ++run.current;
      const found = await validate(next);
      if (id === run.current) setErrors(found);
      return found;
    },
    [validate],
  );
  /** A value typed (`revalidate`: after the first submit the messages follow it) or set by the form itself (not). */
  const setValue = useCallback(
    (name: keyof V, value: string, revalidate = true) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      if (revalidate && submitted.current) void check(latest.current);
    },
    [check],
  );
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = await check(latest.current);
    if (Object.keys(found).length > 0) {
      setInvalidSubmits((count) => count + 1);
      return;
    }
    const refused = await onSubmit(latest.current);
    if (refused) setErrors(refused);
  };
  /** The props of an input bound to `name`. */
  const field = (name: keyof V & string) => ({ name, value: values[name] ?? '', error: errors[name], onValue: (value: string) => setValue(name, value) });
  return { values, errors, setValue, handleSubmit, field, invalidSubmits };
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  error?: string;
  onValue(value: string): void;
  helperText?: string;
}

/** A labelled input (react-admin's small filled TextInput) with its message, or its help, below it. */
export function SignInField({ name, label, value, error, onValue, helperText, ...input }: FieldProps) {
  const id = useId();
  const help = error ? signInText(error) : helperText ? signInText(helperText) : undefined;
  const classes = ['public-field', value ? 'public-field--filled' : '', error ? 'public-field--error' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className="public-field__box">
        <label className="public-field__label" htmlFor={id}>
          {signInText(label)}
        </label>
        <input
          {...input}
          id={id}
          name={name}
          className="public-field__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={help ? `${id}-help` : undefined}
        />
      </div>
      {help && (
        <p id={`${id}-help`} className="public-field__help">
          {help}
        </p>
      )}
    </div>
  );
}

/** MUI's standard alert icons (error outline, success outline). */
const ICONS = {
  error: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  success: 'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L20,7L18.58,5.58L11,13.17L7.91,10.08Z',
} as const;

export function SignInAlert({ severity, children }: { severity: keyof typeof ICONS; children: ReactNode }) {
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} className={`public-alert public-alert--${severity}`}>
      <span className="public-alert__icon" aria-hidden="true">
        <svg width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" focusable="false">
          <path d={ICONS[severity]} />
        </svg>
      </span>
      <div className="public-alert__message">{children}</div>
    </div>
  );
}

/** react-admin's toast for a form its validation stopped ('El formulario no es válido…'), for TOAST_DURATION_MS after each such submit. */
export function InvalidFormNotice({ invalidSubmits }: { invalidSubmits: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (invalidSubmits === 0) return undefined;
    setShown(true);
    const timer = setTimeout(() => setShown(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [invalidSubmits]);
  return shown ? (
    <div role="alert" className="public-toast">
      {signInText('ra.message.invalid_form')}
    </div>
  ) : null;
}
