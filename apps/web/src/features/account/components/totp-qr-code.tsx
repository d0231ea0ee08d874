/**
 * @module The otpauth:// URI as a QR code for an authenticator app to scan, drawn in the browser
 * (`qrcode`, to a data URL): the URI holds the secret, so it is never sent to a QR service.
 */
import Box from '@mui/material/Box';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

export function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(uri, { margin: 1, width: 200 }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box sx={{ width: 200, height: 200, bgcolor: '#fff' }}>
      {src && <img src={src} alt={label} width={200} height={200} />}
    </Box>
  );
}
