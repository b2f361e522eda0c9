/**
 * Greetings and thanks ("halo kak", "terima kasih banyak", "oke sip") are not questions: the
 * assistant answers them kindly and does not keep them for the admin as unanswered (issue 7 (docs/issues.md)).
 */
import { normalizeSearch } from '../catalog/search';

const GREETING = new Set('halo hallo helo hello hai hay hi hei hey pagi siang sore malam selamat assalamualaikum assalamu alaikum salam permisi punten sampurasun misi'.split(' '));
const THANKS = new Set('terima kasih makasih makasi trims trimakasih terimakasih thanks thank thx tq tengkyu nuhun hatur ok oke okay okey baik sip siap mantap'.split(' '));
/** Words that only address someone or soften the sentence. */
const FILLER = new Set('kak kakak min mimin admin gan sis bang mas mbak bu pak ibu bapak ya yah dong deh nih banyak sekali you all semua juga lagi infonya informasinya'.split(' '));

export type SmallTalk = 'greeting' | 'thanks';

/** 'greeting' or 'thanks' when the message is nothing but that, else null. */
export function smallTalk(message: string): SmallTalk | null {
  const words = normalizeSearch(message).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 8) return null;
  let greeting = false;
  let thanks = false;
  for (const w of words) {
    if (THANKS.has(w)) thanks = true;
    else if (GREETING.has(w)) greeting = true;
    else if (!FILLER.has(w)) return null;
  }
  return thanks ? 'thanks' : greeting ? 'greeting' : null;
}
