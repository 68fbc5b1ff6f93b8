import { Box } from '@mui/material';
import { Fragment } from 'react';

const VARIABLE = /(\{\{\s*[A-Za-z0-9_]+\s*\}\})/g;

/** The text cut into plain runs and variables, each keyed by where it starts. */
function partsOf(text: string) {
  let at = 0;
  return text.split(VARIABLE).map((part, n) => {
    const start = at;
    at += part.length;
    return { key: `${start}-${n % 2}`, text: part, variable: n % 2 === 1 };
  });
}

/** A template text with its variables ({{1}}, {{first_name}}) marked, as the list shows them. */
export function TemplateText({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {partsOf(text).map((part) =>
        part.variable ? (
          <Box
            key={part.key}
            component="span"
            sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'action.selected', fontFamily: 'monospace', fontSize: '0.85em' }}
          >
            {part.text}
          </Box>
        ) : (
          <Fragment key={part.key}>{part.text}</Fragment>
        ),
      )}
    </Box>
  );
}
