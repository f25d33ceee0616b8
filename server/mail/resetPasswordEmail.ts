import { BRAND } from '../../src/api/constants';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset e-mail: plain text for every client, a simple HTML part for the rest. */
export function resetPasswordEmail({ username, link, minutes }: { username: string; link: string; minutes: number }) {
  const subject = `Reset your ${BRAND} password`;
  const text = [
    `Hello ${username},`,
    '',
    `Someone asked to reset the password of your ${BRAND} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your ${BRAND} account. To choose a new password, open this link:</p>
<p><a href="${escapeHtml(link)}" style="background:#be123c;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;display:inline-block">Reset password</a></p>
<p style="word-break: break-all; font-size: 13px">${escapeHtml(link)}</p>
<p>The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>— ${BRAND}</p>
</body></html>`;
  return { subject, text, html };
}
