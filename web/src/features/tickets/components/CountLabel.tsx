import { TICKET_COUNT_CAP } from '@chatflow/contract';
import { Badge, Box } from '@mui/material';

/** A tab's label with its count badge (open, waiting, groups, the resolved and search views). */
export function CountLabel({
  label,
  count,
  testId,
  cap = TICKET_COUNT_CAP,
}: {
  label: string;
  count: number | undefined;
  testId: string;
  cap?: number;
}) {
  return (
    // Counts stop at the cap on the server (a larger count reads as the cap): show it as "999+" (or "99+").
    // Until the counts arrive the badge reads "–" (unknown), never a 0 that looks like an empty queue.
    <Badge
      badgeContent={count ?? '–'}
      color="secondary"
      max={cap - 1}
      data-testid={testId}
      data-count={count ?? 'unknown'}
      sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}
    >
      <Box component="span" sx={{ pr: 1 }}>
        {label}
      </Box>
    </Badge>
  );
}
