import { describe, expect, test } from 'vitest';
import i18n from '../i18n';
import { clockSeconds, lastMessagePreview, mediaWords } from './message-preview';

const media = (
  type: 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'contact',
  name: string | null = null,
  seconds: number | null = null,
) => ({
  type,
  name,
  seconds,
});

describe('lastMessagePreview', () => {
  const pt = mediaWords(i18n.getFixedT('pt'));

  test('a file reads as what it is, with its caption when it has one', () => {
    expect(lastMessagePreview('', media('image'), pt, 40)).toBe('📷 Foto');
    expect(lastMessagePreview('*Olha* essa bolsa', media('image'), pt, 40)).toBe('📷 Olha essa bolsa');
    expect(lastMessagePreview('', media('video'), pt, 40)).toBe('🎥 Vídeo');
    expect(lastMessagePreview('', media('sticker'), pt, 40)).toBe('🖼️ Figurinha');
  });

  test('an audio shows its length when known, else the word', () => {
    expect(lastMessagePreview('', media('audio', 'voice.ogg', 5), pt, 40)).toBe('🎤 0:05');
    expect(lastMessagePreview('', media('audio', 'voice.ogg'), pt, 40)).toBe('🎤 Áudio');
    expect(clockSeconds(65)).toBe('1:05');
  });

  test('a document shows its file name (its caption after it), a place and a card their text', () => {
    expect(lastMessagePreview('nome.pdf', media('document', 'nome.pdf'), pt, 40)).toBe('📄 nome.pdf');
    expect(lastMessagePreview('', media('document'), pt, 40)).toBe('📄 Documento');
    expect(lastMessagePreview('Rua A, 10', media('location'), pt, 40)).toBe('📍 Rua A, 10');
    expect(lastMessagePreview('', media('contact'), pt, 40)).toBe('👤 Contato');
  });

  test('text stays text, cut at the limit', () => {
    expect(lastMessagePreview('Olá', null, pt, 40)).toBe('Olá');
    expect(lastMessagePreview('x'.repeat(50), media('image'), pt, 10)).toBe(`📷 ${'x'.repeat(8)}...`);
  });
});
