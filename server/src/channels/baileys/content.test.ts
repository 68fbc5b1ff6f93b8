import type { WAMessage } from 'baileys';
import { expect, test } from 'vitest';
import { meaningOf } from './content';
import { interactiveText } from './outbound';

const msg = (message: WAMessage['message']): WAMessage => ({ key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'ID1' }, message });

test('media kinds carry their declared type, size, name and caption', () => {
  expect(meaningOf(msg({ videoMessage: { mimetype: 'video/mp4', caption: 'Vídeo', fileLength: 10 } }))).toEqual({
    type: 'message',
    mediaType: 'video',
    body: 'Vídeo',
    media: { kind: 'video', mimeType: 'video/mp4', declaredBytes: 10 },
  });
  expect(meaningOf(msg({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }))).toMatchObject({
    mediaType: 'audio',
    body: '',
  });
  expect(meaningOf(msg({ stickerMessage: { mimetype: 'image/webp' } }))).toMatchObject({ mediaType: 'sticker' });
  expect(
    meaningOf(
      msg({
        documentWithCaptionMessage: {
          message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'Segue' } },
        },
      }),
    ),
  ).toMatchObject({ mediaType: 'document', body: 'Segue', media: { fileName: 'nota.pdf' } });
});

test('envelopes are opened: ephemeral and view-once messages read as their content', () => {
  expect(meaningOf(msg({ ephemeralMessage: { message: { conversation: 'some em 24h' } } }))).toMatchObject({
    mediaType: 'conversation',
    body: 'some em 24h',
  });
  expect(meaningOf(msg({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg' } } } }))).toMatchObject({
    mediaType: 'image',
  });
});

test('several contacts, button replies and polls become the kinds the conversation shows', () => {
  const cards = meaningOf(
    msg({ contactsArrayMessage: { contacts: [{ vcard: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD' }, { vcard: 'BEGIN:VCARD\nFN:Bia\nEND:VCARD' }] } }),
  );
  expect(cards).toMatchObject({ mediaType: 'contactMessage', body: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD\nBEGIN:VCARD\nFN:Bia\nEND:VCARD' });
  expect(meaningOf(msg({ buttonsResponseMessage: { selectedButtonId: 'b2', selectedDisplayText: 'Sim' } }))).toMatchObject({
    mediaType: 'conversation',
    body: 'Sim',
    dataJson: { selectedButtonId: 'b2' },
  });
  expect(
    meaningOf(msg({ pollCreationMessageV3: { name: 'Qual sabor?', options: [{ optionName: 'A' }, { optionName: 'B' }] } })),
  ).toMatchObject({
    mediaType: 'pollCreationMessageV3',
    body: 'Qual sabor?',
    dataJson: { options: ['A', 'B'] },
  });
});

test('receipts, key distributions and taken-back reactions store nothing', () => {
  expect(meaningOf(msg({ senderKeyDistributionMessage: { groupId: 'g' } }))).toEqual({ type: 'ignore' });
  expect(meaningOf(msg({ reactionMessage: { key: { id: 'X' }, text: '' } }))).toEqual({ type: 'ignore' });
  expect(meaningOf(msg(undefined))).toEqual({ type: 'ignore' });
});

test('call-to-action buttons go out as text carrying what each button holds', () => {
  const data = {
    header: { title: 'Pagamento', imageUrl: null },
    body: { text: 'Use o código' },
    footer: { text: '' },
    buttons: [
      { name: 'cta_copy' as const, display_text: 'Copiar', copy_code: 'BR123' },
      { name: 'cta_url' as const, display_text: 'Abrir', url: 'https://example.com' },
    ],
  };
  expect(interactiveText('x', data)).toBe('*Pagamento*\nUse o código\nCopiar: BR123\nAbrir: https://example.com');
});
