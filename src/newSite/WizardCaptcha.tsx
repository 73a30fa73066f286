/** The wizard's captcha: the sign-in form's CaptchaField bound to the wizard's react-admin Form (`captcha`), emptied with each new image. */
import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import { CaptchaField } from '../auth/CaptchaField';
import type { Captcha } from '../auth/authApi';

export function WizardCaptcha({ captcha, onReload }: { captcha: Captcha | null; onReload: () => void }) {
  const { field, fieldState } = useController({ name: 'captcha' });
  const { onChange } = field;
  // Each image fetched is a new object, even when the server reuses its id.
  useEffect(() => {
    onChange('');
  }, [captcha, onChange]);
  return (
    <CaptchaField
      captcha={captcha}
      onReload={onReload}
      field={{ name: field.name, value: String(field.value ?? ''), error: fieldState.error?.message, onValue: onChange }}
    />
  );
}
