import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactDeep, redactor, sharedRedactor } from '../../src/contract/redact.js';
import { keyEncodings, leaksIn } from '../support/key-encodings.mjs';

const KEY = 'sk_live-Key/with+odd=chars 42';
const redact = redactor([KEY, 'second-secret']);

describe('redactor: one redactor, every encoding', () => {
  it.each(Object.entries(keyEncodings(KEY)))('removes the %s spelling inside a longer text', (_name, spelled) => {
    const out = redact(`before ${spelled} after`);
    expect(out).toContain(REDACTED);
    expect(leaksIn(out, [KEY])).toEqual([]);
    expect(out.startsWith('before ')).toBe(true);
  });

  it('removes a mix of escapes, a double percent-encoding and HTML character references', () => {
    const mixed = `sk_\\u006cive-KEY%2Fwith%2Bodd%3dchars+42`;
    expect(redact(`x${mixed}y`)).toBe(`x${REDACTED}y`);
    expect(leaksIn(redact(encodeURIComponent(encodeURIComponent(KEY))), [KEY])).toEqual([]);
    const html = [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('');
    expect(redact(html)).toBe(REDACTED);
  });

  it('finds base64 of the key at any byte alignment inside a longer encoded value', () => {
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const encoded = Buffer.from(`${prefix}${KEY}!`).toString('base64');
      expect(redact(encoded), prefix).toContain(REDACTED);
    }
  });

  it('leaves other text alone and ignores empty secrets', () => {
    expect(redact('nothing secret here, not even SK_LIVE')).toBe('nothing secret here, not even SK_LIVE');
    expect(redactor(['', ''])('text')).toBe('text');
  });

  it('redactDeep redacts object keys too (a key echoed as a header name)', () => {
    expect(redactDeep({ [`x-${KEY.toUpperCase()}`]: KEY, n: 1 }, redact)).toEqual({ [`x-${REDACTED}`]: REDACTED, n: 1 });
  });

  it('the fast paths miss nothing: the key in long text with non-ASCII, in letter-case variants, with a Kelvin sign or a long s', () => {
    const r = redactor(['sk-kiosk-Secret']);
    const filler = `{"name":"Tether ₮ – ünïcödé","note":"${'x'.repeat(5000)}"}`;
    for (const echoed of ['sk-kiosk-Secret', 'SK-KIOSK-SECRET', 'sk-\u212aiosk-secret', 'ſk-kioſk-ſecret', 'sk-kiosk-secret']) {
      const text = `${filler}${echoed.replace(/\\u212a/g, '\u212a')}${filler}`;
      expect(r(text), echoed).not.toMatch(/kiosk|KIOSK|\u212aiosk|kioſk/i);
      expect(r(text)).toContain(REDACTED);
    }
    expect(r(filler)).toBe(filler);
  });

  it('the fast paths change nothing: any mix of spellings, cases and fillers redacts as the patterns alone do', () => {
    const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
    const spell = (ch: string, form: number, upper: boolean): string => {
      const code = ch.charCodeAt(0);
      const cased = (t: string) => (upper ? t.toUpperCase() : t.toLowerCase());
      return [cased(ch), `%${cased(hex(code, 2))}`, `\\${upper ? 'U' : 'u'}${cased(hex(code, 4))}`, `\\x${cased(hex(code, 2))}`, `&#${code};`, `&#x${cased(hex(code, 16 > code ? 1 : 2))};`, ch === ' ' ? '+' : ch, `%25${hex(code, 2)}`][form]!;
    };
    const secret = fc.string({ unit: fc.constantFrom(...'abkKsS-_ 019/+=%&'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(secret, fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.boolean()), { maxLength: 12 }), fc.array(fc.constantFrom('x', '%', '\\', '&', '&#', '%25', 'ſ', '\u212a', 'K', ' ', 'é'), { maxLength: 6 }), fc.integer({ min: 0, max: 2 }), (key, forms, filler, extra) => {
        const spelled = [...key].map((ch, i) => spell(ch, forms[i % Math.max(1, forms.length)]?.[0] ?? 0, forms[i % Math.max(1, forms.length)]?.[1] ?? false)).join('');
        const base64 = Buffer.from(`${'ab'.slice(0, extra)}${key}`).toString('base64');
        for (const text of [`${filler.join('')}${spelled}${filler.join('')}`, `${filler.join('')}${base64}`, filler.join(''), spelled.slice(1)]) {
          expect(redactor([key, 'other-key'])(text)).toBe(redactor([key, 'other-key'], { fastPaths: false })(text));
        }
      }),
      { numRuns: 400, seed: 13 },
    );
  });
});

describe('sharedRedactor', () => {
  it('builds one redactor per set of secrets and reuses it; it redacts like a fresh one', () => {
    const a = sharedRedactor(['SECRET-abcdef123456']);
    expect(sharedRedactor(['SECRET-abcdef123456'])).toBe(a);
    expect(sharedRedactor(['SECRET-other-987654'])).not.toBe(a);
    const text = 'k=SECRET-abcdef123456 %53ECRET-abcdef123456';
    expect(a(text)).toBe(redactor(['SECRET-abcdef123456'])(text));
    expect(a(text)).not.toContain('abcdef123456');
  });
});
