import i18n from '../../../i18n';
import { notify } from '../../../lib/notify';

/** A4 portrait with a 1 mm margin (spec 1 §2.6). */
const PAGE = { width: 210, height: 297, margin: 1 };
const CONTENT_W = PAGE.width - 2 * PAGE.margin;
const CONTENT_H = PAGE.height - 2 * PAGE.margin;

/** How a tall capture is cut into pages: source rows in pixels and their printed height in mm. */
export function pdfSlices(widthPx: number, heightPx: number): { y: number; height: number; mm: number }[] {
  const pagePx = Math.max(1, Math.floor((CONTENT_H * widthPx) / CONTENT_W));
  const slices = [];
  for (let y = 0; y < heightPx; y += pagePx) {
    const height = Math.min(pagePx, heightPx - y);
    slices.push({ y, height, mm: (height * CONTENT_W) / widthPx });
  }
  return slices;
}

export const pdfFileName = (ticketId: number) => `ticket-${ticketId}.pdf`;

/**
 * Prints the loaded conversation to `ticket-{id}.pdf`. The capture is made from a clone whose list
 * is unrolled (no scroll box, every row laid out), so the PDF holds the whole history on screen,
 * not just the visible part. The libraries load on first use.
 */
export async function exportConversationPdf(elementId: string, ticketId: number): Promise<void> {
  const element = document.getElementById(elementId);
  if (!element) {
    notify(i18n.t('conversation.pdf.missing'), 'error', 2000);
    return;
  }
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas'), import('jspdf')]);
  const canvas = await html2canvas(element, {
    scale: 2,
    useCORS: true,
    windowHeight: element.scrollHeight,
    onclone: (doc) => {
      const clone = doc.getElementById(elementId);
      if (!clone) return;
      Object.assign(clone.style, { overflow: 'visible', height: 'auto', maxHeight: 'none', flex: 'none' });
      for (const row of clone.querySelectorAll<HTMLElement>('[data-testid="messages-content"] > *'))
        row.style.contentVisibility = 'visible';
    },
  });
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const page = document.createElement('canvas');
  page.width = canvas.width;
  pdfSlices(canvas.width, canvas.height).forEach((slice, i) => {
    page.height = slice.height;
    const ctx = page.getContext('2d');
    ctx?.clearRect(0, 0, page.width, page.height);
    ctx?.drawImage(canvas, 0, slice.y, canvas.width, slice.height, 0, 0, canvas.width, slice.height);
    if (i > 0) pdf.addPage();
    pdf.addImage(page.toDataURL('image/jpeg', 0.92), 'JPEG', PAGE.margin, PAGE.margin, CONTENT_W, slice.mm);
  });
  pdf.save(pdfFileName(ticketId));
}
