import { MESSAGE_EDIT_WINDOW_MS } from '@chatflow/contract';
import { describe, expect, test } from 'vitest';
import { pdfFileName, pdfSlices } from './header/export-pdf';
import { addMessage, flattenMessages, type MessagesData, removeMessage, updateMessage } from './hooks/messages-cache';
import { audioFileOf } from './hooks/transcribe';
import { matchQuick, quickPreview, slashTerm } from './hooks/use-quick-messages';
import { isSendable } from './hooks/use-send';
import { payloadFor, emptyInteractive, pixKeyFor, validateInteractive } from './input/interactive-forms';
import { formatElapsed, isRecordingKept, recordingFileName } from './input/recording';
import { canDeleteMessage, canEditMessage, canTranscribe } from './messages/edit-rules';
import { AGENT_ID, message } from './testing';

describe('recordings', () => {
  test('under 10000 bytes are discarded', () => {
    expect(isRecordingKept(0)).toBe(false);
    expect(isRecordingKept(9_999)).toBe(false);
    expect(isRecordingKept(10_000)).toBe(true);
    expect(isRecordingKept(250_000)).toBe(true);
  });
  test('named audio-… so the server treats them as recordings; timer mm:ss', () => {
    expect(recordingFileName('audio/ogg;codecs=opus', new Date(5))).toBe('audio-record-5.ogg');
    expect(recordingFileName('audio/webm')).toMatch(/^audio-record-\d+\.webm$/);
    expect(formatElapsed(65)).toBe('01:05');
  });
});

describe('message rules', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  test('edit: own messages only, within 15 minutes', () => {
    expect(canEditMessage(message({ fromMe: true, userId: AGENT_ID, createdAt: at(60_000) }), AGENT_ID, now)).toBe(true);
    expect(canEditMessage(message({ fromMe: true, userId: AGENT_ID, createdAt: at(MESSAGE_EDIT_WINDOW_MS) }), AGENT_ID, now)).toBe(true);
    expect(canEditMessage(message({ fromMe: true, userId: AGENT_ID, createdAt: at(MESSAGE_EDIT_WINDOW_MS + 1) }), AGENT_ID, now)).toBe(
      false,
    );
    expect(canEditMessage(message({ fromMe: true, userId: 99, createdAt: at(1000) }), AGENT_ID, now)).toBe(false);
    expect(canEditMessage(message({ fromMe: false, createdAt: at(1000) }), AGENT_ID, now)).toBe(false);
  });
  test('delete own; transcribe incoming audio only', () => {
    expect(canDeleteMessage(message({ fromMe: true, userId: AGENT_ID }), AGENT_ID)).toBe(true);
    expect(canDeleteMessage(message({ fromMe: true, userId: AGENT_ID, isDeleted: true }), AGENT_ID)).toBe(false);
    expect(canDeleteMessage(message({ fromMe: false }), AGENT_ID)).toBe(false);
    expect(canTranscribe(message({ mediaType: 'audio', mediaUrl: '/public/company2/media/a.ogg' }))).toBe(true);
    expect(canTranscribe(message({ mediaType: 'audio', mediaUrl: '/public/a.ogg', fromMe: true }))).toBe(false);
  });
  test('empty text after trimming is not sendable', () => {
    expect(isSendable('   \n ')).toBe(false);
    expect(isSendable(' oi ')).toBe(true);
  });
  test('transcription takes the stored file name', () => {
    expect(audioFileOf('/public/company2/media/ab12.ogg')).toBe('ab12.ogg');
    expect(audioFileOf('/public/company2/media/')).toBeNull();
    expect(audioFileOf(null)).toBeNull();
  });
});

describe('message cache', () => {
  const data = (...pages: number[][]): MessagesData => ({
    pages: pages.map((ids) => ({
      messages: ids.map((id) => message({ id, createdAt: new Date(id * 1000).toISOString() })),
      hasMore: true,
    })),
    pageParams: pages.map((_, i) => i + 1),
  });
  test('pages flatten oldest first whatever their order', () => {
    expect(flattenMessages(data([5, 4], [2, 3])).map((m) => m.id)).toEqual([2, 3, 4, 5]);
  });
  test('add appends or replaces by id, update replaces, delete removes', () => {
    let d = addMessage(data([3, 4], [1, 2]), message({ id: 5, createdAt: new Date(5000).toISOString() }));
    expect(flattenMessages(d).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    d = addMessage(d, message({ id: 1, body: 'again', createdAt: new Date(1000).toISOString() }));
    expect(flattenMessages(d).filter((m) => m.id === 1)).toHaveLength(1);
    expect(flattenMessages(d)[0].body).toBe('again');
    d = updateMessage(d, message({ id: 4, body: 'edited', isEdited: true, createdAt: new Date(4000).toISOString() }));
    expect(flattenMessages(d).find((m) => m.id === 4)?.body).toBe('edited');
    expect(updateMessage(d, message({ id: 99 }))).toBe(d);
    d = removeMessage(d, 3);
    expect(flattenMessages(d).map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });
});

describe('quick messages', () => {
  test('"/" starts a shortcode search; previews stop at 90 characters', () => {
    expect(slashTerm('/')).toBe('');
    expect(slashTerm('/Ola')).toBe('ola');
    expect(slashTerm('oi /x')).toBeNull();
    expect(slashTerm('/ola mundo')).toBeNull();
    expect(quickPreview('a'.repeat(90))).toHaveLength(90);
    expect(quickPreview('a'.repeat(91))).toBe(`${'a'.repeat(90)}...`);
    const list = [
      { id: 1, shortcode: 'ola', message: 'Olá!' },
      { id: 2, shortcode: 'pix', message: 'Chave' },
    ] as never;
    expect(matchQuick(list, 'ol').map((q: { id: number }) => q.id)).toEqual([1]);
  });
});

describe('interactive sends', () => {
  test('a PHONE key gets +55 when missing; other keys are kept', () => {
    expect(pixKeyFor('PHONE', '(11) 99999-8888')).toBe('+5511999998888');
    expect(pixKeyFor('PHONE', '+55 11 99999-8888')).toBe('+5511999998888');
    expect(pixKeyFor('EMAIL', ' a@b.com ')).toBe('a@b.com');
  });
  test('the contract validates the dialog; list rows get ids', () => {
    const v = { ...emptyInteractive(), title: 'Menu', text: 'Escolha', buttonText: 'Ver' };
    v.sections[0].rows[0].title = 'Opção 1';
    const payload = payloadFor('list', v) as { sections: { rows: { rowId: string }[] }[] };
    expect(payload.sections[0].rows[0].rowId).toBe('row-1');
    expect(validateInteractive('list', payload)).toEqual({});
    expect(validateInteractive('pix', payloadFor('pix', emptyInteractive()))).toMatchObject({ title: 'validation.required' });
  });
});

test('PDF pages: A4 minus 1 mm margins, named after the ticket', () => {
  const slices = pdfSlices(208, 600); // 1 px per mm wide: 295 px per page
  expect(slices.map((s) => s.height)).toEqual([295, 295, 10]);
  expect(slices[0].mm).toBe(295);
  expect(pdfFileName(42)).toBe('ticket-42.pdf');
});
