// Writes the demo's short videos (web/public/media/videos): a title and its steps drawn on a canvas in
// headless Chromium and recorded as WebM, so the demo's quick-start and promotional dialogs play media that
// exists. `node scripts/demo-videos.ts` writes them again after a change here.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';

const VIDEOS = [
  {
    file: 'getting-started.webm',
    title: 'Getting started with the console',
    steps: ['1. Add a site', '2. Register your devices', '3. Invite your team'],
  },
  {
    file: 'firmware-at-scale.webm',
    title: 'Firmware updates at scale',
    steps: [
      'Pick a version from the catalogue',
      'Start with a canary batch',
      'Stop at your failure threshold',
    ],
  },
];

/** Draws the title, then one step a second, for `seconds`, recording the canvas; answers base64 WebM. */
function record({ title, steps, seconds }: { title: string; steps: string[]; seconds: number }) {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  const recorder = new MediaRecorder(canvas.captureStream(25), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 300_000,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const started = performance.now();
  const draw = () => {
    const elapsed = (performance.now() - started) / 1000;
    context.fillStyle = '#0b3d62';
    context.fillRect(0, 0, 640, 360);
    context.fillStyle = '#ffffff';
    context.font = 'bold 30px sans-serif';
    context.fillText(title, 40, 90);
    context.font = '22px sans-serif';
    steps.slice(0, Math.floor(elapsed)).forEach((step, index) => {
      context.fillText(step, 60, 160 + index * 50);
    });
    if (elapsed < seconds) requestAnimationFrame(draw);
    else recorder.stop();
  };
  return new Promise<string>((resolve) => {
    recorder.onstop = async () => {
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      resolve(btoa(binary));
    };
    recorder.start();
    draw();
  });
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  const page = await browser.newPage();
  for (const video of VIDEOS) {
    const base64 = await page.evaluate(record, { ...video, seconds: video.steps.length + 2 });
    const target = fileURLToPath(new URL(`../web/public/media/videos/${video.file}`, import.meta.url));
    writeFileSync(target, Buffer.from(base64, 'base64'));
    console.log(`${target}: ${Math.round((base64.length * 3) / 4 / 1000)} kB`);
  }
} finally {
  await browser.close();
}
