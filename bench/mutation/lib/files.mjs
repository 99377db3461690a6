/**
 * The server's files a pass mutates: the `.ts` files under `packages/mock-server/src` that match
 * one of the globs (`**`, `*`), as paths relative to the package, sorted. Shared by the Stryker
 * pass (run.mjs) and the constants pass (constants.mjs).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A glob of the kinds used here (`**`, `*`) as a regular expression over a relative path. */
function globRe(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

export function serverFiles(server, patterns) {
  const res = patterns.map(globRe);
  return [...walk(join(server, 'src'))].map((p) => relative(server, p).split('\\').join('/')).filter((f) => f.endsWith('.ts') && res.some((r) => r.test(f)));
}
