/**
 * In production the server prints JSON lines (docs/decisions/046-timeouts-lookups-and-logs.md);
 * process tests that look for a message read them back as text: each line's `msg`, then its error's
 * message. A line that is not JSON is kept as it is.
 */
export function readableOutput(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.startsWith('{')) return line;
      try {
        const entry = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        const parts = [entry.msg, entry.err?.message].filter((part): part is string => typeof part === 'string' && part !== '');
        return parts.join(' ');
      } catch {
        return line;
      }
    })
    .join('\n');
}

/** The lines of a process's output that are not JSON objects (every line should be one in production). */
export function linesNotJson(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (line.trim() === '') return false;
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed);
    } catch {
      return true;
    }
  });
}
