// Placeholder: replaced by the screen's real view.
export default function ResetPasswordPage() {
  return <main className="p-8">ResetPasswordPage</main>;
}
