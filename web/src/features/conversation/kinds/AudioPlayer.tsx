import { Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextRate, storedRate } from './playback-rate';

/** A native player plus the speed button (0.5×, 1×, 1.5×, 2×); the choice applies to every audio. */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(storedRate);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {/* biome-ignore lint/a11y/useMediaCaption: voice notes have no captions */}
      <audio
        ref={ref}
        controls
        preload="metadata"
        src={src}
        style={{ maxWidth: 260, height: 40 }}
        onLoadedMetadata={(e) => {
          e.currentTarget.playbackRate = rate;
        }}
      />
      <Button
        size="small"
        variant="outlined"
        sx={{ minWidth: 44, px: 0.5 }}
        onClick={() => setRate(nextRate(rate))}
        aria-label={t('conversation.kinds.playbackRate')}
        data-testid="audio-rate"
      >
        {rate}×
      </Button>
    </Box>
  );
}
