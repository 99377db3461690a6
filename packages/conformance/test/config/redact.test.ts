import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/config/defaults.js';
import { redactConfig, secretsOf } from '../../src/config/redact.js';

describe('redactConfig', () => {
  it('replaces every key with <redacted> and leaves out unset options', () => {
    const c = withDefaults({ apiKey: 'k1', otherApiKey: 'k2', inactiveApiKey: 'k3', baseUrl: 'http://x.test' });
    const shown = redactConfig(c);
    expect(shown).toMatchObject({ apiKey: '<redacted>', otherApiKey: '<redacted>', inactiveApiKey: '<redacted>', baseUrl: 'http://x.test' });
    expect(JSON.stringify(shown)).not.toMatch(/k1|k2|k3/);
    expect(shown).not.toHaveProperty('maxRps');
  });
});

describe('secretsOf', () => {
  it('lists the keys that are set and not empty', () => {
    expect(secretsOf({ apiKey: 'k1', otherApiKey: '', inactiveApiKey: 'k3' })).toEqual(['k1', 'k3']);
    expect(secretsOf({})).toEqual([]);
  });
});
