/** `npm run bench`: every load benchmark, one after the other, printing figures. */
import { runBackofficeBench } from './backoffice';
import { runCatalogBench } from './catalog';
import { runLighthouseBench } from './lighthouse';
import { runMemoryBench } from './memory';

const only = process.argv[2];
if (!only || only === 'catalog') await runCatalogBench();
if (!only || only === 'checkout') {
  const file = new URL('./checkout.ts', import.meta.url);
  const fs = await import('node:fs');
  if (fs.existsSync(file)) {
    const mod = (await import(file.href)) as { runCheckoutBench?: () => Promise<void> };
    await mod.runCheckoutBench?.();
  }
}
if (!only || only === 'backoffice') await runBackofficeBench();
if (!only || only === 'reports') await (await import('./reports')).runReportsBench();
if (!only || only === 'assistant') await (await import('./assistant')).runAssistantBench();
if (!only || only === 'lighthouse') await runLighthouseBench();
if (!only || only === 'memory') await runMemoryBench();
