/** Deterministic wallet, deposit-address and transaction-hash strings per VM type. */
import type { Rng } from '../prng.js';
import type { VmType } from './catalogue.js';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const CODES: number[] = [];

/** `n` characters of `alphabet`, built as one flat string. */
function pickChars(rng: Rng, alphabet: string, n: number): string {
  CODES.length = n;
  const base = alphabet.length;
  let v = 0;
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) v = rng.u32();
    CODES[i] = alphabet.charCodeAt(v % base);
    v = Math.floor(v / base);
  }
  return String.fromCharCode(...CODES);
}

/** A checksum-looking mixed-case EVM address (case carries no meaning here; filters ignore case). */
function mixedCase(rng: Rng, hex: string): string {
  CODES.length = hex.length;
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charCodeAt(i);
    CODES[i] = i >= 2 && c >= 97 && rng.chance(0.5) ? c - 32 : c;
  }
  return String.fromCharCode(...CODES);
}

/** A wallet address on a chain of `vm`; EVM-like wallets are mixed case. */
export function walletAddress(rng: Rng, vm: VmType): string {
  switch (vm) {
    case 'svm':
      return pickChars(rng, B58, 44);
    case 'bvm':
      return `bc1q${pickChars(rng, BECH32, 38)}`;
    case 'tvm':
      return `T${pickChars(rng, B58, 33)}`;
    default:
      return mixedCase(rng, rng.hex(40, '0x'));
  }
}

/** A transaction hash on a chain of `vm`. */
export function txHash(rng: Rng, vm: VmType): string {
  switch (vm) {
    case 'svm':
      return pickChars(rng, B58, 87);
    case 'bvm':
    case 'tvm':
      return rng.hex(64);
    default:
      return rng.hex(64, '0x');
  }
}

/** Lowercases EVM-style addresses (the service's `user` field), leaves others as they are. */
export function canonicalWallet(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}
