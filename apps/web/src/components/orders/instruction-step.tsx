import { Fragment } from 'react';
import type { InstructionStep } from '@pasar/core/checkout';

/**
 * One payment step: the server answers words and bold (core/checkout instruction-steps), so the
 * page draws text and <b> elements only, and gateway markup never reaches it.
 */
export function InstructionStepText({ step }: { step: InstructionStep }) {
  return <>{step.map((s, i) => (s.strong ? <b key={i}>{s.text}</b> : <Fragment key={i}>{s.text}</Fragment>))}</>;
}
