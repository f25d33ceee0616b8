// Placeholder: replaced by the screen's real view.
export default function AuthPage() {
  return <main className="p-8">AuthPage</main>;
}
