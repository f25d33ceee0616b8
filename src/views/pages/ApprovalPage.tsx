// Placeholder: replaced by the screen's real view.
export default function ApprovalPage() {
  return <main className="p-8">ApprovalPage</main>;
}
