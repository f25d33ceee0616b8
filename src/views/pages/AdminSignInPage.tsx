// Placeholder: replaced by the screen's real view.
export default function AdminSignInPage() {
  return <main className="p-8">AdminSignInPage</main>;
}
