/**
 * The captcha of a react-admin form: the server's PNG image, a reload button and the `captcha` TextInput.
 * Each new image empties the input (an answer belongs to one image).
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { TextInput } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useText } from '../shared/useText';
import { captchaImageSource, type Captcha } from './authApi';

interface Props {
  captcha: Captcha | null;
  onReload: () => void;
}

export function CaptchaField({ captcha, onReload }: Props) {
  const text = useText();
  const { setValue } = useFormContext();
  // Each image fetched is a new object, even when the server reuses its id.
  useEffect(() => {
    setValue('captcha', '');
  }, [captcha, setValue]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {captcha && (
          <Box component="img" src={captchaImageSource(captcha.image)} alt={text('auth.login.captcha_image')} sx={{ height: 50, border: 1, borderColor: 'divider', bgcolor: 'common.white' }} />
        )}
        {/* A native title, not MUI's Tooltip (Popper + popper.js, ~10 KiB gz of /login: docs/decisions.md 'First-load budget'). */}
        <IconButton onClick={onReload} title={text('auth.login.captcha_reload')} aria-label={text('auth.login.captcha_reload')}>
          <RefreshIcon />
        </IconButton>
      </Box>
      <TextInput source="captcha" label="auth.login.captcha" autoComplete="off" fullWidth helperText={false} />
    </Box>
  );
}
