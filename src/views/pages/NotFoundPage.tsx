// Placeholder: replaced by the screen's real view.
export default function NotFoundPage() {
  return <main className="p-8">NotFoundPage</main>;
}
