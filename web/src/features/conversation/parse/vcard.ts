/** The name and number a vCard body carries (contactMessage). */
export interface VCardContact {
  name: string;
  number: string;
}

const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '');

/**
 * Reads FN (or N) and the first TEL of a vCard. WhatsApp puts the plain number in `waid=`; without it
 * the TEL value is reduced to its digits. Returns null when there is no number to talk to.
 */
export function parseVCard(body: string): VCardContact | null {
  if (!/BEGIN:VCARD/i.test(body)) return null;
  let name = '';
  let number = '';
  for (const line of unfold(body).split(/\r?\n/)) {
    const sep = line.indexOf(':');
    if (sep < 0) continue;
    const head = line.slice(0, sep);
    const value = line.slice(sep + 1).trim();
    const field = head.split(';')[0].split('.').pop()?.toUpperCase();
    if (field === 'FN' && value) name = value;
    else if (field === 'N' && !name && value) name = value.split(';').filter(Boolean).reverse().join(' ');
    else if (field === 'TEL' && !number) {
      const waid = /waid=(\d+)/i.exec(head)?.[1];
      number = waid ?? value.replace(/\D/g, '');
    }
  }
  return number ? { name: name || number, number } : null;
}
