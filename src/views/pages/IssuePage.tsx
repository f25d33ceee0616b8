// Placeholder: replaced by the screen's real view.
export default function IssuePage() {
  return <main className="p-8">IssuePage</main>;
}
