import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
const BASE = 'http://127.0.0.1:5173';
const BRISTOL = '/groups/' + process.argv[2];
const mobile = process.argv[3] === 'mobile';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/${mobile ? 'm' : 'd'}-${name}.png`, fullPage: false });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(BASE + '/auth/login?redirectTo=' + encodeURIComponent(BRISTOL + '/photograph/new'));
await page.getByLabel('Email').fill('ada@snapshire.test');
await page.getByLabel('Password').fill('snapshire-ada-2026');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL('**/photograph/new');
const input = () => page.getByLabel('Choose a photo');
const files: [string, Buffer][] = [
  ['png', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer()],
  ['text', Buffer.from('my shopping list, not a photo\n')],
  ['wide', (() => { return Buffer.alloc(0); })()],
  ['cmyk', await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7' } }).toColourspace('cmyk').jpeg().toBuffer()],
  ['tiny', await sharp({ create: { width: 10, height: 10, channels: 3, background: '#d62828' } }).jpeg({ quality: 90 }).toBuffer()],
];
// a header claiming 70000x10: more than JPEG decoders read
{
  const b = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).jpeg().toBuffer());
  for (let i = 2; i < b.length - 9; i++) if (b[i] === 0xff && b[i + 1] === 0xc0) { b.writeUInt16BE(10, i + 5); b.writeUInt16BE(65535, i + 7); break; }
  files[2] = ['wide', b];
}
for (const [name, buffer] of files) {
  await input().setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer });
  await page.waitForTimeout(1200);
  await shot(page, `chosen-${name}`);
  if (name === 'cmyk' || name === 'tiny') {
    const submit = page.getByRole('button', { name: /^Submit/ });
    if (await submit.isVisible()) {
      await page.getByLabel('Description').fill(`Odd file: ${name}`);
      await submit.dblclick();
      await page.getByText('Your post has been created.').waitFor({ timeout: 30000 });
      await shot(page, `posted-${name}`);
      await page.goto(BASE + BRISTOL + '/photograph/new');
      await input().waitFor();
    }
  }
}
await page.goto(BASE + BRISTOL);
await page.waitForTimeout(3000);
await shot(page, 'group');
await browser.close();
