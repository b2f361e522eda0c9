/** What the assistant's retrieval tests start from: the demo data's corpus, and how a case names the source it expects. */
import { buildCorpus, type Corpus } from '../features/assistant/assistant-knowledge';
import { createTestApp, type TestApp } from './app';

/** k: a knowledge entry's title; s: a store fact's title; p: a product's name. */
export type ExpectedSource = { k: string } | { s: string } | { p: string };

/** A fresh app on the demo data and the assistant's corpus built from its database. */
export async function appWithDemoCorpus(): Promise<{ t: TestApp; corpus: Corpus }> {
  const t = await createTestApp();
  try {
    return { t, corpus: await buildCorpus(t.db) };
  } catch (error) {
    // The file's afterAll never sees an app it was not handed: close it here.
    await t.close();
    throw error;
  }
}
