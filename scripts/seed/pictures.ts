import sharp from 'sharp';

/** Pictures the seed draws itself (no files to ship or download): a cover and a photo per seed. */
const palette = ['#f33e58', '#50b5ff', '#f7b124', '#8bc34a', '#9c27b0', '#00bcd4', '#ff9800', '#3f51b5'];

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) / 0x1000000;
  };
}

/** A wide cover: the member's colour as a soft gradient with a few large shapes. */
export function coverSvg(colour: string, seed: number): string {
  const next = random(seed);
  const shapes = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${Math.round(next() * 1200)}" cy="${Math.round(next() * 400)}" r="${Math.round(60 + next() * 180)}" fill="#ffffff" fill-opacity="${(0.08 + next() * 0.12).toFixed(2)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1f2937"/></linearGradient></defs><rect width="1200" height="400" fill="url(#g)"/>${shapes}</svg>`;
}

/** A landscape photo stand-in: sky, hills and a sun, in colours chosen by the seed. */
export function photoSvg(seed: number): string {
  const next = random(seed);
  const sky = palette[Math.floor(next() * palette.length)]!;
  const hills = Array.from({ length: 3 }, (_, i) => {
    const y = 380 + i * 60;
    return `<path d="M0 ${y} Q 200 ${y - 80 - next() * 60} 400 ${y} T 800 ${y} V 600 H 0 Z" fill="${palette[(i + seed) % palette.length]}" fill-opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${sky}" fill-opacity="0.35"/><circle cx="${Math.round(150 + next() * 500)}" cy="150" r="60" fill="#fde68a"/>${hills}</svg>`;
}

export const pngDataUrl = async (svg: string) =>
  `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
export const jpegDataUrl = async (svg: string) =>
  `data:image/jpeg;base64,${(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()).toString('base64')}`;
