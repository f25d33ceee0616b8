/**
 * A video's poster (docs/client-streams.md, "Videos"): the composer's browser draws the attached
 * video's first frame, sends it with the video, and every card shows it instead of a black box.
 * The video is a real WebM made in the page (a canvas recorded by MediaRecorder), under the app's
 * real Content-Security-Policy.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { signUpMember } from './support/members';
import { openContext, storeBeforeLoad } from './support/browser';

useAppAndBrowser();

const SHOTS = process.env.SHOTS_DIR;

/** One second of a solid orange canvas, recorded as WebM in the page; its bytes as base64. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d')!;
    const paint = () => {
      context.fillStyle = '#ff8800';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#ffffff';
      context.fillRect(140, 70, 40, 40);
    };
    paint();
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const timer = setInterval(paint, 30);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describe("a video's poster", () => {
  it('is drawn by the composer from the first frame, stored as an image, and shown on the card', async () => {
    const ada = await signUpMember(browser, app, 'vida');
    const webm = await recordWebm(ada.page);
    expect(webm.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));

    const text = 'Sunset over the harbour.';
    await ada.page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const form = ada.page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
    await form.getByRole('button', { name: 'Video' }).click();
    const chooser = ada.page.waitForEvent('filechooser');
    await ada.page.getByRole('button', { name: 'Choose a video' }).click();
    await (await chooser).setFiles({ name: 'sunset.webm', mimeType: 'video/webm', buffer: webm });
    await form.getByLabel('Video preview').waitFor();
    await form.getByRole('button', { name: 'Post', exact: true }).click();

    const card = ada.page.getByRole('article').filter({ hasText: text });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    const video = card.getByLabel(/^Video shared by/);
    const poster = (await video.getAttribute('poster')) ?? '';
    expect(poster).toMatch(/^\/media\/image\/upload\/v\d+\/[0-9a-f-]{36}$/);
    expect(await video.getAttribute('src')).toMatch(/^\/media\/video\/upload\/v\d+\/[0-9a-f-]{36}\.webm$/);
    // The poster's image loads in the page (under its CSP) ...
    const naturalWidth = await ada.page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return image.naturalWidth;
    }, poster);
    expect(naturalWidth).toBeGreaterThan(0);
    // ... and is the video's frame: orange, the size of the recording.
    const bytes = Buffer.from(await (await fetch(new URL(poster, app.url))).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    const { channels } = await sharp(bytes).extract({ left: 0, top: 0, width: 40, height: 40 }).stats();
    expect(channels[0]!.mean).toBeGreaterThan(200);
    expect(channels[1]!.mean).toBeGreaterThan(100);
    expect(channels[1]!.mean).toBeLessThan(170);
    expect(channels[2]!.mean).toBeLessThan(60);

    for (const width of [375, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await openContext(browser, app.url, { viewport: { width, height: width < 1024 ? 667 : 900 } });
        await storeBeforeLoad(context, { authToken: ada.token, theme });
        const page = await context.newPage();
        await page.goto('/app/social/streams');
        const shown = page.getByRole('article').filter({ hasText: text });
        await shown.waitFor();
        await shown.getByLabel(/^Video shared by/).scrollIntoViewIfNeeded();
        await expect.poll(() => shown.getByLabel(/^Video shared by/).getAttribute('poster')).toBe(poster);
        await page.waitForTimeout(400);
        await auditAccessibility(page, `a video post with its poster, ${width} px, ${theme}`);
        await screenshot(page, `video-poster-${width}-${theme}`);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await shown.screenshot({ path: `${SHOTS}/card-${width}-${theme}.png` });
          await page.screenshot({ path: `${SHOTS}/page-${width}-${theme}.png` });
        }
        await context.close();
      }
    }
  });
});
