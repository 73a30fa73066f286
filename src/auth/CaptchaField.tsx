/**
 * The captcha of a react-admin form: the server's PNG image at its own size (280×90, narrower on a narrow
 * screen), a labelled reload button and the `captcha` TextInput. Each new image empties the input (an answer
 * belongs to one image).
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {captcha && (
          <Box
            component="img"
            src={captchaImageSource(captcha.image)}
            alt={text('auth.login.captcha_image')}
            sx={{ display: 'block', width: 280, maxWidth: '100%', height: 'auto', aspectRatio: '280 / 90', border: 1, borderColor: 'divider', bgcolor: 'common.white' }}
          />
        )}
        {/* A plain Button with its text, not an icon behind MUI's Tooltip (Popper, ~10 KiB gz of /login: docs/decisions/0022-first-load-budget.md). */}
        <Button size="small" onClick={onReload} startIcon={<RefreshIcon />}>
          {text('auth.login.captcha_reload')}
        </Button>
      </Box>
      <TextInput source="captcha" label="auth.login.captcha" autoComplete="off" fullWidth helperText="auth.login.captcha_help" />
    </Box>
  );
}
