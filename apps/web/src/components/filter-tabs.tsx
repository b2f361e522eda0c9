/**
 * The row of tabs that picks which state of a list is shown (an order's status, an application's):
 * a `tablist` named `label`, each tab a button with `aria-selected`, so screen readers, the e2e
 * tests and the keyboard find them the same way on every screen. Each screen keeps its own look
 * through `tabClassName` and writes a tab's text (with its count) in `children`.
 */
import type { ReactNode } from 'react';

export function FilterTabs<T extends string>({ label, tabs, selected, onSelect, className, tabClassName, children }: {
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  className: string;
  tabClassName: (selected: boolean) => string;
  children: (tab: T) => ReactNode;
}) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button key={tab} type="button" role="tab" aria-selected={tab === selected} onClick={() => onSelect(tab)} className={tabClassName(tab === selected)}>
          {children(tab)}
        </button>
      ))}
    </div>
  );
}
