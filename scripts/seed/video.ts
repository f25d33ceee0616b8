import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * A short real video for the seed's video post: Chromium records a canvas animation to WebM with
 * MediaRecorder (no file shipped, nothing downloaded). Null when Chromium is not installed.
 */
export async function recordSeedVideo(seconds = 2): Promise<Buffer | null> {
  if (!existsSync(CHROMIUM)) return null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
  try {
    const page = await browser.newPage();
    // Written as page source (not a function of this file): tsx would add its own helpers to a function's text.
    const base64 = (await page.evaluate(`(async (ms) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 270;
      const context = canvas.getContext('2d');
      const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/webm' });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      const started = performance.now();
      const draw = () => {
        const t = (performance.now() - started) / ms;
        context.fillStyle = '#1f2937';
        context.fillRect(0, 0, 480, 270);
        context.fillStyle = '#f7b124';
        context.beginPath();
        context.arc(60 + t * 360, 135 - Math.sin(t * Math.PI) * 80, 30, 0, Math.PI * 2);
        context.fill();
        context.fillStyle = '#ffffff';
        context.font = '24px sans-serif';
        context.fillText('Stoa: a ball in flight', 20, 250);
        if (t < 1) requestAnimationFrame(draw);
        else recorder.stop();
      };
      recorder.start();
      draw();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    })(${seconds * 1000})`)) as string;
    return Buffer.from(base64, 'base64');
  } finally {
    await browser.close();
  }
}
