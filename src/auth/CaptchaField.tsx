/** The captcha: the server's PNG image, a reload button and the `captcha` input. */
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useText } from '../shared/useText';
import { captchaImageSource, type Captcha } from './authApi';
import { PlainTextField } from '../shared/PlainTextField';

interface Props {
  captcha: Captcha | null;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onReload: () => void;
}

export function CaptchaField({ captcha, value, error, onChange, onReload }: Props) {
  const text = useText();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {captcha && (
          <Box component="img" src={captchaImageSource(captcha.image)} alt={text('auth.login.captcha_image')} sx={{ height: 50, border: 1, borderColor: 'divider', bgcolor: 'common.white' }} />
        )}
        {/* A native title, not MUI's Tooltip: Tooltip brings Popper into the sign-in page's first load. */}
        <IconButton onClick={onReload} aria-label={text('auth.login.captcha_reload')} title={text('auth.login.captcha_reload')}>
          <RefreshIcon />
        </IconButton>
      </Box>
      <PlainTextField
        name="captcha"
        label={text('auth.login.captcha')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ? text(error) : undefined}
        autoComplete="off"
        fullWidth
      />
    </Box>
  );
}
