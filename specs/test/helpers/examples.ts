/** Reads specs/examples: the directory index and the example files. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { examplesDir } from './paths.js';

export interface InvalidExpectation {
  /** The valid file of the same directory that the invalid one was made from. */
  base: string;
  /** JSON Schema keyword that must fail at the one pointer where the two files differ. */
  keyword: string;
}

export interface ExampleDirectory {
  schema: string;
  covers: string;
  invalid?: Record<string, InvalidExpectation>;
}

export interface ExamplesIndex {
  directories: Record<string, ExampleDirectory>;
}

export function loadExamplesIndex(dir = examplesDir): ExamplesIndex {
  const index = parse(readFileSync(join(dir, 'index.yaml'), 'utf8')) as ExamplesIndex;
  if (!index?.directories || typeof index.directories !== 'object') {
    throw new Error(`${join(dir, 'index.yaml')} has no 'directories' map`);
  }
  return index;
}

/** Sub-directories of the examples folder. */
export function exampleDirectories(dir = examplesDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    // published/ holds the live service's own payloads (samples.test.ts), not schema examples.
    .filter((e) => e.isDirectory() && e.name !== 'published')
    .map((e) => e.name)
    .sort();
}

/** File names in one example directory. */
export function exampleFiles(directory: string, dir = examplesDir): string[] {
  return readdirSync(join(dir, directory)).sort();
}

export function readExample(directory: string, file: string, dir = examplesDir): unknown {
  const path = join(dir, directory, file);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    throw new Error(`${path} is not valid JSON: ${(err as Error).message}`);
  }
}
