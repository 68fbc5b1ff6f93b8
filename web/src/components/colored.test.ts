import { describe, expect, test } from 'vitest';
import { readableTextOn } from './colored';

describe('readableTextOn', () => {
  test.each([
    ['#000000', '#fff'],
    ['#0000FF', '#fff'],
    ['#7c3aed', '#fff'],
    ['#ffffff', 'rgba(0, 0, 0, 0.87)'],
    ['#FFEB3B', 'rgba(0, 0, 0, 0.87)'],
    ['#a7f3d0', 'rgba(0, 0, 0, 0.87)'],
    // White reads under 4.5:1 on these (3.2 and 4.3): black, which reads at 6.6 and 4.8.
    ['#ff5722', '#000'],
    ['#e91e63', '#000'],
    ['not a colour', '#fff'],
  ])('on %s the text is %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
