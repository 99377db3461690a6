/**
 * Every spelling of a secret a hostile target can echo back:
 * what the echoing server of the battery sends and what the output scans look for. Plain ESM,
 * shared by the tests and bench/conformance/hostile.mjs.
 */

/** The secret as JSON would escape every character (`\u0061…`). */
/** @param {string} secret */
function unicodeEscaped(secret) {
  return [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
}

/** Percent-encoding of every character, not only the reserved ones. */
/** @param {string} secret */
function percentEveryChar(secret) {
  return [...Buffer.from(secret, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** Named spellings of `secret`: raw, URL-encoded, base64, JSON-escaped, case-folded and mixed. */
/**
 * @param {string} secret
 * @returns {Record<string, string>}
 */
export function keyEncodings(secret) {
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  return {
    raw: secret,
    urlEncoded: encodeURIComponent(secret),
    percentEveryChar: percentEveryChar(secret),
    base64: b64,
    base64Unpadded: b64.replace(/=+$/, ''),
    base64Url: Buffer.from(secret, 'utf8').toString('base64url'),
    base64InBasic: Buffer.from(`user:${secret}`, 'utf8').toString('base64'),
    jsonUnicode: unicodeEscaped(secret),
    upper: secret.toUpperCase(),
    lower: secret.toLowerCase(),
  };
}

/** The names of the spellings of any of `secrets` found in `text` (empty: none leaked). */
/**
 * @param {string} text
 * @param {readonly string[]} secrets
 * @returns {string[]}
 */
export function leaksIn(text, secrets) {
  const found = [];
  const lowered = text.toLowerCase();
  for (const secret of secrets) {
    for (const [name, spelled] of Object.entries(keyEncodings(secret))) {
      const hit = name.startsWith('base64') ? text.includes(name === 'base64InBasic' ? spelled.slice(8, -4) : spelled) : lowered.includes(spelled.toLowerCase());
      if (hit) found.push(`${name} of ${secret.length}-char secret`);
    }
  }
  return found;
}
