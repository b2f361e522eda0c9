/**
 * Sorting of the back-office lists (issue 17): one way for every list. The order lives in the
 * address (`?sort=name&dir=asc`), so a reload, the back button and a shared link keep it; the
 * server sorts (lists are paged), with the fields each list's core query schema allows
 * (`sortQueryFields` in @pasar/core/common).
 *
 * Tables use `SortableHeader` (a button in the column heading, `aria-sort` for screen readers);
 * lists drawn as cards, and every list on a phone, can use `SortSelect`.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection } from '@pasar/core/common';

export interface ListSort<F extends string> {
  sort: F;
  dir: SortDirection;
  /** Sorts by `field`; the same field again flips the direction. Goes back to page 1. */
  toggle: (field: F) => void;
  set: (field: F, dir: SortDirection) => void;
}

export function useListSort<F extends string>(fields: readonly F[], defaults: { sort: F; dir: SortDirection }): ListSort<F> {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const sort = raw !== null && (fields as readonly string[]).includes(raw) ? (raw as F) : defaults.sort;
  const rawDir = params.get('dir');
  const dir: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : defaults.dir;
  const set = (field: F, nextDir: SortDirection) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('sort', field);
        next.set('dir', nextDir);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  // A new column starts ascending (A→Z, smallest first); the list's own default column starts in
  // its default direction (newest first, usually).
  const toggle = (field: F) => set(field, field === sort ? (dir === 'asc' ? 'desc' : 'asc') : field === defaults.sort ? defaults.dir : 'asc');
  return { sort, dir, toggle, set };
}

/**
 * `className` replaces the default padding and alignment (`px-4 text-left`). The cell is
 * positioned so its visually hidden text stays inside a table that scrolls sideways on a phone
 * (unpositioned, it is placed against the page and widens it).
 */
export function SortableHeader<F extends string>({ field, label, sort, className = 'px-4 text-left' }: { field: F; label: string; sort: ListSort<F>; className?: string }) {
  const active = sort.sort === field;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={`relative py-2 font-semibold text-stone-700 ${className}`}>
      <button type="button" onClick={() => sort.toggle(field)} className="inline-flex items-center gap-1 rounded hover:text-green-800">
        {label}
        <span aria-hidden="true" className={active ? 'text-green-700' : 'text-stone-300'}>
          {active && sort.dir === 'desc' ? '▼' : '▲'}
        </span>
        <span className="sr-only">{active ? (sort.dir === 'asc' ? ', urut naik' : ', urut turun') : ', klik untuk mengurutkan'}</span>
      </button>
    </th>
  );
}

/** One choice of a SortSelect: a column, a direction, and how the select words them. */
export interface SortOption<F extends string> {
  field: F;
  dir: SortDirection;
  label: string;
}

/** A text column's two choices, worded alike in every list: "Nama A–Z", then "Nama Z–A". */
export function alphabetical<F extends string>(field: F, name: string): [SortOption<F>, SortOption<F>] {
  return [
    { field, dir: 'asc', label: `${name} A–Z` },
    { field, dir: 'desc', label: `${name} Z–A` },
  ];
}

/** The same order as a select, for card lists and phones: one option per column and direction. */
export function SortSelect<F extends string>({ options, sort, id = 'sort' }: { options: readonly SortOption<F>[]; sort: ListSort<F>; id?: string }) {
  const value = `${sort.sort}:${sort.dir}`;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-stone-700">
      Urutkan
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [field, dir] = e.target.value.split(':') as [F, SortDirection];
          sort.set(field, dir);
        }}
        className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((o) => (
          <option key={`${o.field}:${o.dir}`} value={`${o.field}:${o.dir}`}>
            {o.label}
          </option>
        ))}
        {!options.some((o) => `${o.field}:${o.dir}` === value) && <option value={value}>—</option>}
      </select>
    </label>
  );
}

/**
 * A search box whose words live in the address: `text` is the box, `q` the words the list was
 * asked for. The box follows `q` when the address changes from outside (back, forward, a menu
 * link) but not while the address only caught up with the typing ("opak " stays "opak ", not
 * "opak"); without following it, the wait below would write the old words back. The trimmed words
 * go to `onSearch` `delay` ms after the last key, as the search runs on the server.
 */
export function useDebouncedSearch(q: string, onSearch: (q: string) => void, delay: number): { text: string; setText: (text: string) => void } {
  const [text, setText] = useState(q);
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    setSeen(q);
    if (text.trim() !== q) setText(q);
  }
  // Callers pass a new inline `onSearch` on every render; the timer reads the latest one.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q) return;
    const timer = window.setTimeout(() => search.current(trimmed), delay);
    return () => window.clearTimeout(timer);
  }, [text, q, delay]);
  return { text, setText };
}

/**
 * The search box of a list searched on the server (issue 31: categories, knowledge, couriers,
 * outbox), as the users and products lists do it: the words live in the address (`?q=`) beside the
 * order, are sent a moment after the last key, and a new search goes back to page 1.
 */
export function useListSearch(): { q: string; text: string; setText: (text: string) => void } {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { text, setText } = useDebouncedSearch(
    q,
    (words) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (words) next.set('q', words);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    300,
  );
  return { q, text, setText };
}

/** The labelled search box of a list searched through `useListSearch`. */
export function ListSearchField({ label, placeholder, search, className = '' }: { label: string; placeholder: string; search: { text: string; setText: (text: string) => void }; className?: string }) {
  return (
    <label className={`block text-sm font-semibold ${className}`}>
      {label}
      <input
        type="search"
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        placeholder={placeholder}
        className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
      />
    </label>
  );
}

/** The address query of a searched and sorted list: `q` only when there are words. */
export function listParams(query: { q?: string | undefined; sort: string; dir: SortDirection }): string {
  const params = new URLSearchParams({ sort: query.sort, dir: query.dir });
  if (query.q) params.set('q', query.q);
  return params.toString();
}
