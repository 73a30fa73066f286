/** The admin is designed for widths above 1200 px and says so (spec 01 §2). */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useText } from './useText';

export const MIN_WIDTH_PX = 1200;

export function WidthNotice() {
  const text = useText();
  const narrow = useMediaQuery(`(max-width:${MIN_WIDTH_PX - 0.05}px)`);
  const [dismissed, setDismissed] = useState(false);
  if (!narrow || dismissed) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
          {text('pages.notices.width_close')}
        </Button>
      }
      sx={{ borderRadius: 0 }}
    >
      {text('pages.notices.width')}
    </Alert>
  );
}
