import ListIcon from '@mui/icons-material/List';
import { Box, Divider, Typography } from '@mui/material';
import type { ListContent } from '../parse/special';
import { TextBody } from './TextBody';

/** A list message: title, description, the rows of every section, footer and the button's label. */
export function ListBody({ list }: { list: ListContent }) {
  return (
    <Box data-testid="kind-list" sx={{ minWidth: 200 }}>
      {list.title && <Typography variant="subtitle2">{list.title}</Typography>}
      <TextBody text={list.description} />
      {list.footerText && (
        <Typography variant="caption" color="text.secondary" component="div">
          {list.footerText}
        </Typography>
      )}
      <Divider sx={{ my: 0.5 }} />
      <Typography variant="body2" color="primary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'center' }}>
        <ListIcon fontSize="small" /> {list.buttonText}
      </Typography>
      {list.sections.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent list never changes order
        <Box key={i} sx={{ mt: 0.5 }}>
          {s.title && (
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              {s.title}
            </Typography>
          )}
          {s.rows.map((r, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent list never changes order
            <Box key={j} sx={{ pl: 1, borderLeft: 2, borderColor: 'divider', my: 0.25 }}>
              <Typography variant="body2">{r.title}</Typography>
              {r.description && (
                <Typography variant="caption" color="text.secondary">
                  {r.description}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
