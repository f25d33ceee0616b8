// Placeholder: replaced by the screen's real view.
export default function CheckpointPage() {
  return <main className="p-8">CheckpointPage</main>;
}
