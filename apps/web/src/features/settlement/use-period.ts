import { useState } from 'react';
import { periodQuerySchema, settlementMessages } from '@pasar/core/settlement';
import { parseOrShow } from '../../components/form';

export interface Period {
  from: string;
  to: string;
}

/**
 * The period a settlement screen shows and the dates typed for the next one, as the office's
 * payouts and the partner's sales both pick it: `apply` checks the dates with core's schema (its
 * message goes to `problem`) and only then shows the new period. `setProblem` is the same line,
 * for a screen that reports other failures there too.
 */
export function usePeriod(initial: () => Period) {
  const [period, setPeriod] = useState(initial);
  const [draft, setDraft] = useState(period);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (next: Period) => {
    if (!parseOrShow(periodQuerySchema, next, settlementMessages.dateInvalid, setProblem)) return;
    setDraft(next);
    setPeriod(next);
  };
  return { period, draft, setDraft, problem, setProblem, apply };
}
