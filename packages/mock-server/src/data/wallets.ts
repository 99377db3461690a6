/** Deterministic wallet, deposit-address and transaction-hash strings per VM type. */
import type { Rng } from '../prng.js';
import type { VmType } from './catalogue.js';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function pickChars(rng: Rng, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.u32() % alphabet.length];
  return s;
}

/** A checksum-looking mixed-case EVM address (case carries no meaning here; filters ignore case). */
function mixedCase(rng: Rng, hex: string): string {
  let out = '';
  for (const ch of hex) out += ch >= 'a' && rng.chance(0.5) ? ch.toUpperCase() : ch;
  return out;
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
      return `0x${mixedCase(rng, rng.hex(40))}`;
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
      return `0x${rng.hex(64)}`;
  }
}

/** Lowercases EVM-style addresses (the service's `user` field), leaves others as they are. */
export function canonicalWallet(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}
