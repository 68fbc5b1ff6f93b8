import { expect, test } from 'vitest';
import { isSvgDocument } from './svg';

const svg = (s: string) => isSvgDocument(Buffer.from(s));

test('well-formed SVG documents with an svg root are accepted', () => {
  expect(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
  expect(svg('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg viewBox="0 0 1 1"><g><path d="M0 0h1"/></g></svg>\n')).toBe(
    true,
  );
  expect(
    svg('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg><style><![CDATA[a>b{}]]></style></svg>'),
  ).toBe(true);
});

test('anything else, or anything that could run, is refused', () => {
  expect(svg('<html><svg/></html>')).toBe(false); // root is not svg
  expect(svg('<?xml version="1.0"?><note><svg/></note>')).toBe(false);
  expect(svg('<svg><g></svg>')).toBe(false); // unbalanced
  expect(svg('<svg></svg><svg></svg>')).toBe(false); // two roots
  expect(svg('<svg width=10></svg>')).toBe(false); // unquoted attribute
  expect(svg('<svg>text</svg> trailing')).toBe(false);
  expect(svg('<svg onload="alert(1)"></svg>')).toBe(false);
  expect(svg('<svg><script>alert(1)</script></svg>')).toBe(false);
  expect(svg('<svg><foreignObject><div/></foreignObject></svg>')).toBe(false);
  expect(svg('<svg><a href="javascript:alert(1)"/></svg>')).toBe(false);
  expect(svg('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg/>')).toBe(false);
  expect(isSvgDocument(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBe(false); // not UTF-8
});
