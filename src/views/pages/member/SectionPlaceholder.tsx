// Placeholder: replaced by a real empty state for sections still to be built.
export function SectionPlaceholder({ section }: { section: string }) {
  return <h1>{section}</h1>;
}
