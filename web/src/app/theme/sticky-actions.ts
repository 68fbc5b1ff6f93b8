import type { Components, Theme } from '@mui/material';

/**
 * On phones and narrow windows a table wider than the screen scrolls sideways; its last column, which
 * on every list page holds the row's actions (edit, delete...), stays pinned to the right edge so the
 * actions never hide behind the scroll. One rule for all tables instead of a card layout per page.
 */
export const stickyLastColumn: Components<Theme>['MuiTableCell'] = {
  styleOverrides: {
    root: ({ theme }) => ({
      [theme.breakpoints.down('md')]: {
        '&:last-of-type:not(:first-of-type)': {
          position: 'sticky',
          right: 0,
          zIndex: 1,
          backgroundColor: theme.palette.background.paper,
          boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
        },
        // A sticky header cell of a sticky last column sits above both scrolls.
        '&.MuiTableCell-stickyHeader:last-of-type:not(:first-of-type)': { zIndex: 3 },
      },
    }),
  },
};
