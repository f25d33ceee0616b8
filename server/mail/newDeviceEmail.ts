import { BRAND } from '../../src/api/constants';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "A new sign-in": the device in words, when, and where to end the session if it was not the member. */
export function newDeviceEmail({ username, device, at, link }: { username: string; device: string; at: string; link: string }) {
  const when = `${at.slice(0, 10)} at ${at.slice(11, 16)} UTC`;
  const subject = `New sign-in to your ${BRAND} account`;
  const text = [
    `Hello ${username},`,
    '',
    `Your ${BRAND} account was just signed in to from a device it had not been used on before:`,
    '',
    `${device}, on ${when}`,
    '',
    'If this was you, there is nothing to do.',
    'If it was not, end that session under "Where you are signed in" in your settings, and change your password:',
    '',
    link,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello ${escapeHtml(username)},</p>
<p>Your ${BRAND} account was just signed in to from a device it had not been used on before:</p>
<p><strong>${escapeHtml(device)}</strong>, on ${escapeHtml(when)}</p>
<p>If this was you, there is nothing to do. If it was not, end that session under “Where you are signed in” in your settings, and change your password:</p>
<p><a href="${escapeHtml(link)}" style="background:#be123c;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;display:inline-block">Open your settings</a></p>
<p style="word-break: break-all; font-size: 13px">${escapeHtml(link)}</p>
<p>— ${BRAND}</p>
</body></html>`;
  return { subject, text, html };
}
