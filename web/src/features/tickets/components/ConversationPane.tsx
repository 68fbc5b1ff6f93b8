import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { ChunkErrorBoundary } from '../../../components/ChunkErrorBoundary';
import { loadConversation } from '../../conversation';
import { WelcomePanel } from './WelcomePanel';

/** The conversation loads on first use, so the list shows without waiting for its code. */
const Conversation = lazy(loadConversation);

/** The right side: the open ticket (drawn by the conversation feature), or the logo panel. */
export function ConversationPane({ uuid, onSelectTicket }: { uuid: string | null; onSelectTicket?(): void }) {
  if (!uuid) return <WelcomePanel onSelectTicket={onSelectTicket} />;
  return (
    <ChunkErrorBoundary>
      <Suspense
        fallback={
          <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={28} />
          </Box>
        }
      >
        <Box sx={{ height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="conversation-pane">
          <Conversation key={uuid} uuid={uuid} />
        </Box>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
