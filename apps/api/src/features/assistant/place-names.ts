/**
 * The assistant's vocabulary with Indonesia's place names (issue 16 (docs/issues.md)): every province and
 * city/regency of the embedded area data (integrations/locations), read once per process when the
 * first question arrives, never typed by hand. A question naming one ("bisa dikirim ke Medan?")
 * then meets the entries about shipping out of town (core assistant/vocabulary.ts PLACE_TOPIC).
 */
import { Vocabulary } from '@pasar/core/assistant';
import { embeddedAreas } from '../../integrations/locations/embedded-areas';

let loading: Promise<Vocabulary> | undefined;

/** Official names: 'Jawa Timur', 'Kota Medan', 'Kabupaten Kepulauan Seribu'... */
export async function placeNames(): Promise<string[]> {
  const areas = await embeddedAreas();
  const names = areas.provinces.map((p) => p.name);
  for (const cities of areas.citiesByProvince.values()) for (const city of cities) names.push(city.name);
  return names;
}

/** The vocabulary retrieval uses; without the area data (it failed to load) it still has every topic. */
export function assistantVocabulary(): Promise<Vocabulary> {
  loading ??= placeNames().then(
    (places) => new Vocabulary({ places }),
    () => {
      loading = undefined; // try the area data again with the next corpus
      return new Vocabulary();
    },
  );
  return loading;
}
