/** Reading a Prometheus scrape (`/metrics`) in tests: one process's answer or a cluster's sum. */

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}
