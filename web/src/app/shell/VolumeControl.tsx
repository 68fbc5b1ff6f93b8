import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { IconButton, Popover, Slider, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const KEY = 'volume';

/** Notification volume, 0 to 1 in steps of 0.1, kept in the browser (spec 1 §9). */
export function readVolume(): number {
  const v = Number(localStorage.getItem(KEY) ?? '1');
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

export function VolumeControl() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [volume, setVolume] = useState(readVolume);
  return (
    <>
      <Tooltip title={t('mainDrawer.appBar.volume')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('mainDrawer.appBar.volume')}>
          {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Slider
          sx={{ width: 160, m: 2 }}
          min={0}
          max={1}
          step={0.1}
          value={volume}
          aria-label={t('mainDrawer.appBar.volume')}
          onChange={(_e, v) => {
            setVolume(v as number);
            localStorage.setItem(KEY, String(v));
          }}
        />
      </Popover>
    </>
  );
}
