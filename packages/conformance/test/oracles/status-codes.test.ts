import { describe, expect, it } from 'vitest';
import { successStatusProblem, throttleStatusProblem } from '../../src/oracles/status-codes.js';

describe('successStatusProblem', () => {
  it('flags a success other than 200, and only that', () => {
    expect(successStatusProblem(201)).toMatch(/201/);
    expect(successStatusProblem(204)).toMatch(/204/);
    for (const s of [200, 301, 400, 404, 429, 500]) expect(successStatusProblem(s)).toBeUndefined();
  });
});

describe('throttleStatusProblem', () => {
  it('flags a served query that turns into another refusal than 429 until the end', () => {
    expect(throttleStatusProblem([200, 200, 200, 430, 430])).toEqual({ index: 3, problem: expect.stringMatching(/answered 430 .*2 times/) });
    expect(throttleStatusProblem([200, 503, 503])?.index).toBe(1);
  });
  it('accepts a 429, a probe that never turned, a transient error, and a query never served', () => {
    expect(throttleStatusProblem([200, 200, 429])).toBeUndefined();
    expect(throttleStatusProblem([200, 200, 200])).toBeUndefined();
    expect(throttleStatusProblem([200, 502, 200])).toBeUndefined();
    expect(throttleStatusProblem([400, 400])).toBeUndefined();
    expect(throttleStatusProblem([])).toBeUndefined();
  });
});
