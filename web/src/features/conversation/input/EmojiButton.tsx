import MoodIcon from '@mui/icons-material/Mood';
import { Box, CircularProgress, IconButton, Popover, useTheme } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The picker and its emoji data load only when first opened, keeping /tickets light. Native emoji
// glyphs: the default style fetches images from a CDN, which a company network may not reach.
const EmojiPicker = lazy(() => import('emoji-picker-react'));

const PICKER = { width: 320, height: 380 };
/** The picker's sections, named in the user's language (its own names are English). */
const CATEGORIES = [
  'suggested',
  'smileys_people',
  'animals_nature',
  'food_drink',
  'travel_places',
  'activities',
  'objects',
  'symbols',
  'flags',
];

export function EmojiButton({ disabled, onPick }: { disabled: boolean; onPick(emoji: string): void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} disabled={disabled} aria-label={t('conversation.input.emoji')}>
        <MoodIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {/* A fixed box: the popover is placed once, before the lazily loaded picker has a size. */}
        <Box sx={{ width: PICKER.width, height: PICKER.height, display: 'grid', placeItems: 'center' }}>
          <Suspense fallback={<CircularProgress size={24} />}>
            <EmojiPicker
              onEmojiClick={(e) => onPick(e.emoji)}
              lazyLoadEmojis
              previewConfig={{ showPreview: false }}
              emojiStyle={'native' as never}
              width={PICKER.width}
              height={PICKER.height}
              searchPlaceholder={t('common.search')}
              categories={CATEGORIES.map((category) => ({ category, name: t(`conversation.emoji.${category}`) })) as never}
              theme={(theme.palette.mode === 'dark' ? 'dark' : 'light') as never}
            />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
