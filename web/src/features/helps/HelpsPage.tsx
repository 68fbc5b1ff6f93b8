import type { HelpView } from '@chatflow/contract';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { HelpCard } from './HelpCard';
import { HelpVideoModal } from './HelpVideoModal';
import { useHelpList } from './hooks';

/** /helps (spec 3 §2 "Help videos"): a grid of video cards; a card opens the player. */
export default function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelpList();
  const playing = useConfirmTarget<HelpView>();
  const list = helps.data ?? [];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('helps.subtitle')}
      </Typography>
      {helps.isLoading && (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      )}
      {helps.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {helps.isSuccess && list.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }} data-testid="helps-empty">
          <VideoLibraryIcon sx={{ fontSize: 64, mb: 1 }} />
          <Typography>{t('helps.empty')}</Typography>
        </Box>
      )}
      <Grid container spacing={2}>
        {list.map((help) => (
          <Grid key={help.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <HelpCard help={help} onOpen={playing.ask} />
          </Grid>
        ))}
      </Grid>
      <HelpVideoModal open={playing.open} help={playing.target} onClose={playing.close} />
    </Box>
  );
}
