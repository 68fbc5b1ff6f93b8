import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { emptyInteractive, payloadFor, validateInteractive } from './interactive-forms';

describe('the Lista form', () => {
  test('an empty title says the spec’s "Por favor, selecione um título."', () => {
    const found = validateInteractive('list', payloadFor('list', { ...emptyInteractive(), title: '   ' }));
    expect(i18n.t(found.title)).toBe('Por favor, selecione um título.');
  });
});
