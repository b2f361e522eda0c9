import { createElement, type ReactNode } from 'react';
import { parseStepHtml, type StepNode } from '../payment-steps';

function render(nodes: StepNode[]): ReactNode[] {
  return nodes.map((node, i) => (typeof node === 'string' ? node : createElement(node.tag, { key: i }, ...(node.tag === 'br' ? [] : render(node.children)))));
}

/** One instruction step: its few formatting tags as elements, everything else as plain text. */
export function StepHtml({ html }: { html: string }) {
  return <>{render(parseStepHtml(html))}</>;
}
