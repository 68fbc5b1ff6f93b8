import { Box, Button, Typography } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The ways browsers say a lazily imported chunk could not be fetched (Chromium, Firefox, Safari, and
 * Vite's preload helper): the server is down, or a new release replaced the old chunks.
 */
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i;

export const isChunkLoadError = (err: unknown) => err instanceof Error && (CHUNK_FAILED.test(err.message) || err.name === 'ChunkLoadError');

function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <Box role="alert" data-testid="chunk-error" sx={{ p: 4, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {t('common.chunkError.title')}
      </Typography>
      <Typography color="text.secondary">{t('common.chunkError.text')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.chunkError.reload')}
      </Button>
    </Box>
  );
}

/**
 * Around a lazily loaded part (a page, the conversation): when its code cannot be fetched, a clear
 * message with "Recarregar" instead of a crashed screen. Other errors go on up as before.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkFailed />;
    throw error;
  }
}
