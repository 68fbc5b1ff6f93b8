import { describe, expect, test } from 'vitest';
import { message } from '../testing';
import { renderKind } from './message-kind';
import { parseAdPreview, parseLocation } from './pipe';
import { EVENT_DEFAULT_SECONDS, parseEvent, parseInteractive, parseList, parsePix } from './special';
import { parseVCard } from './vcard';

describe('vCard', () => {
  test('reads FN and the waid number', () => {
    const body = 'BEGIN:VCARD\nVERSION:3.0\nN:;Joao Silva;;;\nFN:Joao Silva\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    expect(parseVCard(body)).toEqual({ name: 'Joao Silva', number: '5511988887777' });
  });
  test('without waid the TEL digits are the number; no number is unreadable', () => {
    expect(parseVCard('BEGIN:VCARD\nN:Silva;Ana\nTEL:+55 (21) 3333-4444\nEND:VCARD')).toEqual({
      name: 'Ana Silva',
      number: '552133334444',
    });
    expect(parseVCard('BEGIN:VCARD\nFN:Sem numero\nEND:VCARD')).toBeNull();
    expect(parseVCard('not a card')).toBeNull();
  });
});

describe('pipe bodies', () => {
  test('location: image|link|description, only web links', () => {
    expect(parseLocation('https://maps/x.png|https://maps.google.com/?q=1,2|Praça')).toEqual({
      image: 'https://maps/x.png',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Praça',
    });
    expect(parseLocation('x|javascript:alert(1)|y')).toBeNull();
  });
  test('ad preview has five parts; the user message may hold pipes', () => {
    expect(parseAdPreview('https://i/a.jpg|https://fb.com/ad|Promo|Corpo|Oi | tudo bem?')).toEqual({
      image: 'https://i/a.jpg',
      sourceUrl: 'https://fb.com/ad',
      title: 'Promo',
      body: 'Corpo',
      userMessage: 'Oi | tudo bem?',
    });
    expect(parseAdPreview('a|b')).toBeNull();
  });
});

describe('structured kinds', () => {
  test('PIX total comes in cents: R$ = value / 100, from our payload or WhatsApp native form', () => {
    expect(
      parsePix({ referenceId: 'ABC', totalAmount: 1050, order: { items: [{ name: 'Plano', amount: 1050 }] }, headerThumbnail: null }),
    ).toEqual({ referenceId: 'ABC', total: 10.5, itemName: 'Plano', thumbnail: null });
    const native = JSON.stringify({
      message: {
        interactiveMessage: {
          header: { jpegThumbnail: 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9w' },
          nativeFlowMessage: {
            buttons: [
              {
                name: 'review_and_pay',
                buttonParamsJson: JSON.stringify({
                  reference_id: 'R1',
                  total_amount: { value: 250000, offset: 100 },
                  order: { items: [{ name: 'Curso' }] },
                }),
              },
            ],
          },
        },
      },
    });
    expect(parsePix(native)).toMatchObject({ referenceId: 'R1', total: 2500, itemName: 'Curso' });
    expect(parsePix(native)?.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    expect(parsePix('{broken')).toBeNull();
  });
  test('event end is start + 7200 s', () => {
    const e = parseEvent({
      eventMessage: { name: 'Live', startTime: 1_700_000_000, joinLink: 'https://call', location: { name: 'Online' } },
    });
    expect(e?.end?.getTime()).toBe((1_700_000_000 + EVENT_DEFAULT_SECONDS) * 1000);
    expect(e?.location).toBe('Online');
  });
  test('interactive buttons from our payload and from buttonParamsJson', () => {
    expect(
      parseInteractive({
        body: { text: 'Oi' },
        footer: { text: 'f' },
        header: { title: 'T', imageUrl: null },
        buttons: [{ name: 'cta_copy', display_text: 'Copiar', copy_code: 'X1' }],
      })?.buttons[0],
    ).toEqual({ name: 'cta_copy', displayText: 'Copiar', phoneNumber: '', url: '', copyCode: 'X1' });
    const native = {
      message: {
        interactiveMessage: {
          body: { text: 'b' },
          nativeFlowMessage: { buttons: [{ name: 'cta_url', buttonParamsJson: '{"display_text":"Site","url":"https://x.com"}' }] },
        },
      },
    };
    expect(parseInteractive(native)?.buttons[0]).toMatchObject({ displayText: 'Site', url: 'https://x.com' });
  });
  test('list needs sections', () => {
    expect(parseList({ title: 'Menu', sections: [{ title: 'S', rows: [{ title: 'A', rowId: '1' }] }] })?.sections[0].rows[0].title).toBe(
      'A',
    );
    expect(parseList({ title: 'Menu' })).toBeNull();
  });
});

test('the kind comes from mediaType, [PIX] wins, media without a file falls back to text', () => {
  expect(renderKind(message({ body: '[PIX] x', mediaType: 'interactiveMessage' }))).toBe('pix');
  expect(renderKind(message({ mediaType: 'image', mediaUrl: '/public/a.png' }))).toBe('image');
  expect(renderKind(message({ mediaType: 'image', mediaUrl: null }))).toBe('text');
  expect(renderKind(message({ mediaType: 'somethingNew' }))).toBe('text');
  expect(renderKind(message({ mediaType: 'contactMessage' }))).toBe('vcard');
});

test('WhatsApp styles split into runs; stray marks and markup stay plain text', async () => {
  const { waFormat } = await import('../../../components/wa-text/wa-format');
  expect(waFormat('*Ana:*\nOlá _mundo_ ~x~ ```code```')).toEqual([
    { text: 'Ana:', style: 'bold' },
    { text: '\nOlá ', style: 'plain' },
    { text: 'mundo', style: 'italic' },
    { text: ' ', style: 'plain' },
    { text: 'x', style: 'strike' },
    { text: ' ', style: 'plain' },
    { text: 'code', style: 'mono' },
  ]);
  expect(waFormat('2 * 3 * 4 <b>x</b>')).toEqual([{ text: '2 * 3 * 4 <b>x</b>', style: 'plain' }]);
  expect(waFormat('snake_case_name https://x.com/a_b_c')).toEqual([{ text: 'snake_case_name https://x.com/a_b_c', style: 'plain' }]);
  expect(waFormat('(*ok*).')).toEqual([
    { text: '(', style: 'plain' },
    { text: 'ok', style: 'bold' },
    { text: ').', style: 'plain' },
  ]);
});
