import { describe, expect, test } from 'vitest';
import { previewOf, truncate, withoutFormatting } from './text';

describe('truncate', () => {
  test('truncation keeps whole characters and marks the cut', () => {
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('😀'.repeat(41), 40)).toBe(`${'😀'.repeat(40)}...`);
    expect(truncate(null, 40)).toBe('');
    // Emoji at the cut: whole code points counted, never half a pair; a text that fits is returned as is.
    expect(truncate(`${'a'.repeat(39)}😀😀`, 40)).toBe(`${'a'.repeat(39)}😀...`);
    expect(truncate('😀'.repeat(40), 40)).toBe('😀'.repeat(40));
    expect(truncate('\ud800'.repeat(41), 40)).toBe(`${'\ud800'.repeat(40)}...`); // lone surrogates count one each, as Array.from does
  });
});

describe('withoutFormatting (previews)', () => {
  test.each([
    ['*Bruno User:*\noi', 'Bruno User:\noi'],
    ['_itálico_ e ~riscado~', 'itálico e riscado'],
    ['```código```', 'código'],
    ['*_os dois_*', 'os dois'],
    ['total: 5 * 3 = 15', 'total: 5 * 3 = 15'],
    ['arquivo_final_v2.pdf', 'arquivo_final_v2.pdf'],
    ['sem marcas', 'sem marcas'],
    ['(*negrito*).', '(negrito).'],
  ])('%j reads %j', (text, plain) => {
    expect(withoutFormatting(text)).toBe(plain);
  });

  test('the preview cuts the plain text, not the marks', () => {
    expect(previewOf(`*${'a'.repeat(40)}*`, 40)).toBe('a'.repeat(40));
  });
});
