// Placeholder: replaced by the screen's real view.
export default function ForgotPasswordPage() {
  return <main className="p-8">ForgotPasswordPage</main>;
}
