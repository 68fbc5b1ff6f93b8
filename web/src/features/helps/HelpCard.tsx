import type { HelpView } from '@chatflow/contract';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeVideoCode, thumbnailUrl } from './youtube';

/** One help video: thumbnail (a neutral placeholder when there is none or it fails), title, description. */
export function HelpCard({ help, onOpen }: { help: HelpView; onOpen(help: HelpView): void }) {
  const { t } = useTranslation();
  const code = safeVideoCode(help.video);
  const [broken, setBroken] = useState(false);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        onClick={() => onOpen(help)}
        aria-label={t('helps.watch', { title: help.title })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: 'action.hover' }}>
          {code && !broken && (
            <>
              <Box
                component="img"
                src={thumbnailUrl(code)}
                alt=""
                loading="lazy"
                onError={() => setBroken(true)}
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
              />
              <PlayCircleIcon
                sx={{
                  position: 'absolute',
                  left: '50%',
                  top: '50%',
                  transform: 'translate(-50%, -50%)',
                  fontSize: 56,
                  color: 'common.white',
                  opacity: 0.85,
                  filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.5))',
                }}
              />
            </>
          )}
          {(!code || broken) && (
            <Box
              data-testid="help-placeholder"
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.disabled' }}
            >
              {code ? <PlayCircleIcon sx={{ fontSize: 56 }} /> : <VideoLibraryIcon sx={{ fontSize: 56 }} />}
            </Box>
          )}
        </Box>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {help.title}
          </Typography>
          {help.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {help.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
