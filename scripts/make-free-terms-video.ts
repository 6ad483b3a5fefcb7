/// <reference lib="dom" />
/**
 * Makes the short film of the free-products terms (apps/web/public/media/free-products-terms.webm)
 * and its captions, by drawing the slides on a canvas in Chromium and recording them.
 * Run: node scripts/make-free-terms-video.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const SLIDES = [
  ['Free products', 'paid for by local sponsors'],
  ['Order what you need', 'for the upcoming school year only'],
  ['Use every free product', 'during that school year'],
  ['Thank you!', 'Sponsors can then help more schools'],
] as const;
const SECONDS_PER_SLIDE = 3;

const media = path.resolve(import.meta.dirname, '../apps/web/public/media');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const base64 = await page.evaluate(
  async ({ slides, seconds }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const recorder = new MediaRecorder(canvas.captureStream(15), {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: 150_000,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    const started = performance.now();
    const total = slides.length * seconds * 1000;
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        if (t >= total) return resolve();
        const [title, line] = slides[Math.min(slides.length - 1, Math.floor(t / (seconds * 1000)))] as [string, string];
        g.fillStyle = '#0b3d6e';
        g.fillRect(0, 0, 640, 360);
        g.fillStyle = '#ffd43b';
        g.fillRect(0, 330, (640 * t) / total, 6);
        g.textAlign = 'center';
        g.fillStyle = '#ffffff';
        g.font = 'bold 40px sans-serif';
        g.fillText(title, 320, 165);
        g.font = '26px sans-serif';
        g.fillText(line, 320, 215);
        requestAnimationFrame(draw);
      };
      draw();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  },
  { slides: SLIDES.map((s) => [...s]), seconds: SECONDS_PER_SLIDE },
);
await browser.close();
writeFileSync(path.join(media, 'free-products-terms.webm'), Buffer.from(base64, 'base64'));

const stamp = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
const cues = SLIDES.map(
  ([title, line], i) => `${stamp(i * SECONDS_PER_SLIDE)} --> ${stamp((i + 1) * SECONDS_PER_SLIDE)}\n${title}\n${line}`,
);
writeFileSync(path.join(media, 'free-products-terms.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);
