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
