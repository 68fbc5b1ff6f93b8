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
    ['not a colour', '#fff'],
  ])('on %s the text is %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
