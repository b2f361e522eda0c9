/**
 * A select's choices when they are records: one <option> per record, its id the value and its name
 * the text (provinces, cities, districts, categories, businesses).
 */
export function NamedOptions({ items }: { items: readonly { id: number; name: string }[] | undefined }) {
  return (
    <>
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}

/** A select's choices when each value is its own text (page sizes, a variant's values). */
export function ValueOptions({ values }: { values: readonly (string | number)[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}

/** A select's choices from a fixed list of codes (types, statuses, methods): the code is sent, its label shown. */
export function LabelledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}
