// Records public/demo.webm and its captions (public/demo-captions.vtt): a real walkthrough of the built app in Chromium.
// Run by hand after `npm run build`: `npx tsx scripts/record-demo.ts`. Needs Debian's ffmpeg (apt-get install ffmpeg);
// frames come from Chromium's own screencast (CDP), so no browser-specific ffmpeg is ever downloaded.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { TEXTS, TOASTS } from '../src/texts.js';
import { launchChromium } from '../tests/e2e/support/chromium.js';
import { startServer } from '../tests/e2e/support/server.js';

const VIDEO = process.env.DEMO_VIDEO ?? 'public/demo.webm';
const CAPTIONS = process.env.DEMO_CAPTIONS ?? 'public/demo-captions.vtt';
const SIZE = { width: 1280, height: 720 };
const FPS = 10;
const PASSWORD = 'Str0ng!Pass';

interface Frame {
  /** Seconds since the recording started. */
  at: number;
  jpeg: Buffer;
}

interface Cue {
  at: number;
  text: string;
}

const pause = (page: Page, ms = 700) => page.waitForTimeout(ms);

/** The walkthrough itself; `caption` marks the start of each step for the captions file. */
async function walkthrough(page: Page, baseUrl: string, caption: (text: string) => void) {
  const username = `demo${Date.now().toString(36)}`;

  caption('Monthbook: a personal journal organised by month.');
  await page.goto(`${baseUrl}/`);
  await pause(page, 1500);
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await pause(page, 1500);

  caption('Sign up with a username and a strong password.');
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('User').pressSequentially(username, { delay: 25 });
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await pause(page, 400);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/login');
  await page.getByLabel('User').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await pause(page, 400);
  await page.getByRole('button', { name: 'Login' }).click();

  caption('Choose a plan; this recording uses the test-mode checkout.');
  await page.waitForURL('**/subscribe');
  await pause(page, 900);
  await page.getByRole('button', { name: 'Monthly' }).click();
  await page.getByText('TEST MODE').waitFor();
  await pause(page, 900);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/months');

  caption('Create a month with the measure and the habits to keep.');
  await pause(page, 500);
  await page.getByRole('button', { name: TEXTS.addMonth }).click();
  const monthModal = page.getByRole('dialog', { name: TEXTS.createMonth });
  await monthModal.getByLabel('Month').pressSequentially('November 2026', { delay: 30 });
  await monthModal.getByLabel('Measure').fill('Hours slept');
  await monthModal.getByRole('textbox', { name: /^Habit 1/ }).fill('Read');
  await monthModal.getByRole('button', { name: TEXTS.addHabit }).click();
  await monthModal.getByRole('textbox', { name: /^Habit 2/ }).fill('Run');
  await pause(page, 600);
  await monthModal.getByRole('button', { name: 'Save' }).click();
  await monthModal.waitFor({ state: 'hidden' });
  await pause(page, 600);
  await page.getByRole('link', { name: 'November 2026' }).click();
  await page.waitForURL('**/journals');

  caption('Each day: a highlight, the measure and a tick for every habit.');
  const entries: [string, string, string[]][] = [
    ['Walked by the river at sunrise', '7.5', ['Read']],
    ['Finished the first chapter', '6', ['Read', 'Run']],
  ];
  for (const [highlight, metric, ticked] of entries) {
    await page.getByRole('button', { name: TEXTS.addJournal }).click();
    const modal = page.getByRole('dialog', { name: TEXTS.createRegister });
    await modal.getByLabel('Highlight').pressSequentially(highlight, { delay: 15 });
    await modal.getByLabel('Hours slept').fill(metric);
    for (const habit of ticked) await modal.getByLabel(habit).check();
    await pause(page, 400);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await pause(page, 600);
  }

  caption('Tick a habit later from its card.');
  await page
    .getByRole('article')
    .filter({ hasText: 'Walked by the river' })
    .getByRole('checkbox', { name: 'Run' })
    .click();
  await page.getByText(TOASTS.habitUpdated).first().waitFor();
  await pause(page, 1000);

  caption('Keep goals beside your entries and check them off.');
  await page.getByRole('button', { name: TEXTS.addGoal }).click();
  const goalModal = page.getByRole('dialog', { name: TEXTS.createGoal });
  await goalModal.getByLabel('Goal').pressSequentially('Finish a book', { delay: 30 });
  await goalModal.getByRole('button', { name: 'Save' }).click();
  await goalModal.waitFor({ state: 'hidden' });
  await pause(page, 500);
  await page.getByRole('checkbox', { name: 'Finish a book' }).click();
  await page.getByText(TOASTS.goalUpdated).first().waitFor();
  await pause(page, 1800);
}

function formatTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function captionsFile(cues: Cue[], end: number): string {
  const blocks = cues.map((cue, index) => {
    const until = cues[index + 1]?.at ?? end;
    return `${index + 1}\n${formatTime(cue.at)} --> ${formatTime(until)}\n${cue.text}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Screencast frames arrive only when the screen changes: each one lasts until the next. */
function encode(frames: Frame[], end: number, output: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'monthbook-demo-'));
  try {
    const list: string[] = [];
    frames.forEach((frame, index) => {
      const file = join(dir, `${String(index).padStart(5, '0')}.jpg`);
      writeFileSync(file, frame.jpeg);
      const next = frames[index + 1]?.at ?? end;
      list.push(`file '${file}'`, `duration ${Math.max(next - frame.at, 0.001).toFixed(3)}`);
    });
    // The concat demuxer ignores the last entry's duration unless the file is listed again.
    list.push(list.at(-2) ?? '');
    writeFileSync(join(dir, 'frames.txt'), `${list.join('\n')}\n`);
    execFileSync(
      'ffmpeg',
      [
        ...[
          '-y',
          '-loglevel',
          'error',
          '-f',
          'concat',
          '-safe',
          '0',
          '-i',
          join(dir, 'frames.txt'),
        ],
        ...['-vf', `fps=${FPS},scale=${SIZE.width}:${SIZE.height}:flags=lanczos,format=yuv420p`],
        ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good'],
        ...['-an', output],
      ],
      { stdio: 'inherit' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const server = await startServer({ BILLING: 'local' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: SIZE, colorScheme: 'light' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const frames: Frame[] = [];
    const cues: Cue[] = [];
    const started = Date.now();
    const now = () => (Date.now() - started) / 1000;
    cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
      frames.push({ at: now(), jpeg: Buffer.from(data, 'base64') });
      void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: SIZE.width,
      maxHeight: SIZE.height,
    });
    await walkthrough(page, server.url, (text) => cues.push({ at: now(), text }));
    await cdp.send('Page.stopScreencast');
    const end = now();
    if (frames.length === 0) throw new Error('the screencast produced no frames');
    // The video starts with the first frame; captions shift with it.
    const offset = frames[0]?.at ?? 0;
    const shift = <T extends { at: number }>(items: T[]) =>
      items.map((item) => ({ ...item, at: Math.max(0, item.at - offset) }));
    encode(shift(frames), end - offset, VIDEO);
    writeFileSync(CAPTIONS, captionsFile(shift(cues), end - offset));
    console.log(
      `${VIDEO}: ${(end - offset).toFixed(1)} s, ${frames.length} frames, ${(statSync(VIDEO).size / 1024).toFixed(0)} KB; captions in ${CAPTIONS}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
