import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's toasts with white text at 4.5:1 or more (WCAG AA, axe color-contrast): its own green, blue
 * and orange read at 3.3, 3.1 and 2.1 to 1; its red and dark grey already pass.
 */
export const ReadableToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
}));

export const TOAST_COMPONENTS = {
  success: ReadableToast,
  info: ReadableToast,
  warning: ReadableToast,
  error: ReadableToast,
  default: ReadableToast,
};
