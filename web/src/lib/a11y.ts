/**
 * An icon button's accessible name with the count its badge shows ("Abrir notificações (3)"): the badge is
 * drawn outside the button, so a screen reader hears the count through the name (WCAG 2.5.3, axe
 * label-content-name-mismatch, wants every text drawn inside a labelled button to be in its label).
 */
export function countedLabel(label: string, count: number, max = 99): string {
  if (count <= 0) return label;
  return `${label} (${count > max ? `${max}+` : count})`;
}

/** Read by screen readers, not drawn (a dialog's title when the dialog shows none). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
