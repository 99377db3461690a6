/**
 * A small, strict XML 1.0 reader for the tests (no XML parser is installed): it rejects what a real
 * parser rejects for our documents (unbalanced or mismatched tags, unquoted or duplicate attributes,
 * raw `<` or a bare `&` in text or attributes, unknown entities, characters outside XML's Char
 * production, text outside the root) and returns the element tree with entities decoded and
 * attribute values normalised as XML §3.3.3 does.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const INVALID_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NAME = /^[A-Za-z_][\w.-]*$/;

function decode(raw: string, where: string, attribute: boolean): string {
  if (raw.includes('<')) throw new Error(`raw '<' in ${where}`);
  let s = raw;
  if (attribute) s = s.replace(/[\t\n\r]/g, ' ');
  return s.replace(/&([^;\s&]*);?/g, (m, ref: string) => {
    if (!m.endsWith(';')) throw new Error(`bare '&' in ${where}: ${JSON.stringify(m)}`);
    switch (ref) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const num = /^#x([0-9a-fA-F]+)$/.exec(ref) ?? /^#([0-9]+)$/.exec(ref);
        if (!num) throw new Error(`unknown entity &${ref}; in ${where}`);
        const cp = parseInt(num[1], ref.startsWith('#x') ? 16 : 10);
        const ch = String.fromCodePoint(cp);
        if (INVALID_CHAR.test(ch)) throw new Error(`character reference to a non-Char in ${where}`);
        return ch;
      }
    }
  });
}

export function parseXml(xml: string): XmlElement {
  if (INVALID_CHAR.test(xml)) throw new Error('document holds a character outside XML Char');
  let i = 0;
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new Error('unterminated XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    if (text.length) {
      if (stack.length === 0) {
        if (text.trim()) throw new Error(`text outside the root element: ${JSON.stringify(text.slice(0, 40))}`);
      } else {
        if (text.includes(']]>')) throw new Error("']]>' in character data");
        stack[stack.length - 1].text += decode(text, 'text', false);
      }
    }
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unterminated tag');
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`mismatched </${name}> (open: ${open?.name ?? 'none'})`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([^\s/>]+)/.exec(body);
    if (!nameMatch || !NAME.test(nameMatch[1])) throw new Error(`bad element name in <${tag.slice(0, 40)}>`);
    const el: XmlElement = { name: nameMatch[1], attrs: {}, children: [], text: '' };
    let rest = body.slice(nameMatch[1].length);
    const attrRe = /^\s+([A-Za-z_][\w.:-]*)="([^"]*)"/;
    for (;;) {
      const m = attrRe.exec(rest);
      if (!m) break;
      if (m[1] in el.attrs) throw new Error(`duplicate attribute ${m[1]}`);
      el.attrs[m[1]] = decode(m[2], `attribute ${m[1]}`, true);
      rest = rest.slice(m[0].length);
    }
    if (rest.trim() !== '') throw new Error(`malformed attributes in <${el.name}>: ${JSON.stringify(rest.slice(0, 60))}`);
    if (stack.length) stack[stack.length - 1].children.push(el);
    else if (root) throw new Error('second root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element named `name` in document order. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.name === name) out.push(e);
    e.children.forEach(walk);
  };
  walk(el);
  return out;
}
