// Placeholder: replaced by the screen's real view.
export default function AdminSignUpPage() {
  return <main className="p-8">AdminSignUpPage</main>;
}
