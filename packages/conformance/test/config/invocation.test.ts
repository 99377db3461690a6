/** The command the replay lines print, as the user can run it where they are. */
import { mkdirSync, mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invocationOf } from '../../src/config/invocation.js';

describe('invocationOf', () => {
  const outside = mkdtempSync(join(tmpdir(), 'invocation-'));

  it('follows the package manager that started the process', () => {
    expect(invocationOf({ npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.19.0 linux x64' }, outside)).toBe('pnpm exec crosschain-conformance');
    expect(invocationOf({ npm_config_user_agent: 'npm/10.8.2 node/v20.19.0 linux x64 workspaces/false' }, outside)).toBe('npx crosschain-conformance');
    expect(invocationOf({ npm_config_user_agent: 'yarn/4.5.0 npm/? node/v20.19.0' }, outside)).toBe('yarn crosschain-conformance');
  });

  it('inside a pnpm workspace: pnpm exec; a command on PATH: bare; else npx', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'invocation-ws-'));
    writeFileSync(join(workspace, 'pnpm-workspace.yaml'), 'packages: ["packages/*"]\n');
    mkdirSync(join(workspace, 'packages', 'app'), { recursive: true });
    expect(invocationOf({ PATH: '' }, join(workspace, 'packages', 'app'))).toBe('pnpm exec crosschain-conformance');
    const bin = mkdtempSync(join(tmpdir(), 'invocation-bin-'));
    writeFileSync(join(bin, 'crosschain-conformance'), '#!/bin/sh\n');
    chmodSync(join(bin, 'crosschain-conformance'), 0o755);
    expect(invocationOf({ PATH: bin }, outside)).toBe('crosschain-conformance');
    expect(invocationOf({ PATH: '' }, outside)).toBe('npx crosschain-conformance');
  });
});
