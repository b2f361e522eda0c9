/**
 * Test guard (docs/design.md, Epic Stack): an unexpected console.error fails the test.
 * A test that expects one replaces console.error itself for its duration.
 */
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const text = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors = [];
    throw new Error(`Unexpected console.error during the test:\n${text}`);
  }
});
