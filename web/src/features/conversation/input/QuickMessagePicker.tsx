import type { QuickMessageView } from '@chatflow/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { quickPreview } from '../hooks/use-quick-messages';

interface Props {
  items: QuickMessageView[];
  active: number;
  onPick(item: QuickMessageView): void;
}

/** The "/" list above the input: shortcode and a 90-character preview. */
export function QuickMessagePicker({ items, active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 260, overflowY: 'auto', zIndex: 2 }}
      data-testid="quick-picker"
    >
      <List dense>
        {items.length === 0 && <ListItemText sx={{ px: 2 }} secondary={t('conversation.quick.none')} />}
        {items.map((q, i) => (
          <ListItemButton key={q.id} selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(q)}>
            <ListItemText primary={`/${q.shortcode}`} secondary={quickPreview(q.message)} />
            {q.mediaPath && <AttachFileIcon fontSize="small" color="action" />}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
