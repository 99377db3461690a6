/**
 * The options of issue 10 part A: --max-duration (human form, --max-duration-ms alias, default 15
 * minutes), --max-body-bytes (default 8 MiB) and -H 'name: value' (repeatable, env one per line,
 * values redacted like the key).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config/defaults.js';
import { headerRecord, redactConfig, secretsOf } from '../../src/config/redact.js';
import { resolveConfig } from '../../src/config/resolve.js';
import { HelpRequested } from '../../src/config/fields.js';
import { parseDuration } from '../../src/config/validate.js';
import { configErrorOf } from '../support/config-error.js';

const resolve = (argv: string[], env: Record<string, string> = {}) => resolveConfig({ argv, env, cwd: '/' });

describe('--max-duration', () => {
  it('defaults to 15 minutes and reads 90s, 15m, 1h, 500ms', () => {
    expect(resolve([]).maxDurationMs).toBe(15 * 60_000);
    expect(DEFAULTS.maxDurationMs).toBe(900_000);
    expect(resolve(['--max-duration', '90s']).maxDurationMs).toBe(90_000);
    expect(resolve([], { CONFORMANCE_MAX_DURATION: '1h' }).maxDurationMs).toBe(3_600_000);
    expect(parseDuration('1.5m')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
  });

  it('keeps --max-duration-ms and CONFORMANCE_MAX_DURATION_MS working as aliases, hidden from --help', () => {
    expect(resolve(['--max-duration-ms', '1200']).maxDurationMs).toBe(1200);
    expect(resolve([], { CONFORMANCE_MAX_DURATION_MS: '2500' }).maxDurationMs).toBe(2500);
    let help = '';
    try {
      resolve(['--help']);
    } catch (err) {
      help = (err as HelpRequested).text;
    }
    expect(help).toContain('--max-duration <value>');
    expect(help).not.toMatch(/^\s+--max-duration-ms/m);
    expect(help).toContain('-H, --header <value>');
  });

  it('refuses a duration without a unit on one line naming the value and an example', () => {
    expect(configErrorOf(() => resolve(['--max-duration', '15']))).toBe('--max-duration must be a duration like 90s, 15m or 1h, got "15". Example: --max-duration 15m');
  });
});

describe('--max-body-bytes', () => {
  it('defaults to 8 MiB and takes a positive integer', () => {
    expect(resolve([]).maxBodyBytes).toBe(8 * 1024 * 1024);
    expect(resolve(['--max-body-bytes', '1000']).maxBodyBytes).toBe(1000);
    expect(configErrorOf(() => resolve(['--max-body-bytes', '0']))).toMatch(/^--max-body-bytes must be a positive integer, got "0"/);
  });
});

describe('-H / --header', () => {
  it('is repeatable, keeps commas in values, reads one header per line from the environment', () => {
    expect(resolve(['-H', 'X-Gateway-Token: a,b', '--header', 'x-tenant:  t1 ']).headers).toEqual(['X-Gateway-Token: a,b', 'x-tenant: t1']);
    expect(resolve([], { CONFORMANCE_HEADERS: 'x-a: 1\nx-b: 2\n' }).headers).toEqual(['x-a: 1', 'x-b: 2']);
    expect(headerRecord(['X-A: 1', 'x-a: 2'])).toEqual({ 'x-a': '2' });
  });

  it('treats the values as secrets: redacted in the shown config, listed for the redactor', () => {
    const config = resolve(['-H', 'x-gateway-token: gw-secret-value']);
    expect(redactConfig(config).headers).toEqual(['x-gateway-token: <redacted>']);
    expect(secretsOf(config)).toContain('gw-secret-value');
  });

  it('refuses a malformed header or one the kit owns, without echoing the value', () => {
    for (const bad of ['no colon', 'x-api-key: k', 'Host: evil.test', 'bad name: v', 'x-empty:']) {
      const message = configErrorOf(() => resolve(['-H', bad]));
      expect(message).toMatch(/^--header must be 'name: value' .* got <redacted>\. Example: -H 'x-gateway-token: \$TOKEN'$/);
    }
  });
});
