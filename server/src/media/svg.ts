/**
 * SVG is text, so content sniffing cannot recognise it. A logo is accepted as SVG only when it is a
 * well-formed XML document whose root is <svg>, and holds nothing that runs: it is served from our
 * own origin under /public, where a script inside it would run with the app's privileges.
 */
const ACTIVE_CONTENT = /<\s*(script|foreignObject|iframe|embed|object)\b|\son[a-z]+\s*=|javascript:|<!ENTITY/i;
const NAME = '[A-Za-z_][\\w:.-]*';
const ATTRIBUTE = `\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*')`;
const TAG = new RegExp(`<(/?)(${NAME})((?:${ATTRIBUTE})*)\\s*(/?)>`, 'y');

export function isSvgDocument(buffer: Buffer): boolean {
  let text = buffer.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\0')) return false; // not UTF-8 text
  text = text.replace(/^\uFEFF/, '').trim();
  if (!(text.startsWith('<svg') || text.startsWith('<?xml')) || !text.includes('<svg')) return false;
  if (ACTIVE_CONTENT.test(text)) return false;
  return isWellFormedWithSvgRoot(text);
}

/** A small well-formedness check: tags balance, attributes are quoted, one root element named svg. */
function isWellFormedWithSvgRoot(source: string): boolean {
  const text = source
    .replace(/^<\?xml[^?]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>/i, '')
    .trim();
  const stack: string[] = [];
  let root: string | null = null;
  let rootClosed = false;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt === -1) return false; // text after the root
    if (stack.length === 0 && text.slice(i, lt).trim()) return false;
    TAG.lastIndex = lt;
    const match = TAG.exec(text);
    if (!match) return false;
    const [whole, closing, name, , selfClosing] = match;
    if (closing) {
      if (selfClosing || stack.pop() !== name) return false;
      if (stack.length === 0) rootClosed = true;
    } else {
      if (rootClosed) return false; // a second root element
      if (root === null) root = name;
      if (!selfClosing) stack.push(name);
      else if (stack.length === 0) rootClosed = true;
    }
    i = lt + whole.length;
    if (rootClosed) return root === 'svg' && text.slice(i).trim() === '';
  }
  return false;
}
