import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A real JPEG, big enough to need cropping: a diagonal gradient so the crop is visible on the screenshots. */
export async function photo(width: number, height: number, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>
    <stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="${Math.min(width, height) / 4}"
    fill="#fff" fill-opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The picture fields' words (apps/web/src/locales/<lang>/profile.json). */
export interface PictureWords {
  choose: string;
  profilePicture: string;
  cover: string;
  zoom: string;
  apply: string;
  savedProfilePicture: string;
  savedCover: string;
}

/** Picks a file with the picture's button, zooms a little in the crop dialog and uploads the crop. */
export async function uploadPicture(
  page: Page,
  w: PictureWords,
  which: 'profile' | 'cover',
  file: Buffer,
): Promise<void> {
  const label = which === 'profile' ? w.profilePicture : w.cover;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `${w.choose} — ${label}` }).click();
  await (await chooser).setFiles({ name: `${which}.jpg`, mimeType: 'image/jpeg', buffer: file });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('slider', { name: w.zoom }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const path = which === 'profile' ? '/api/v1/me/profile-picture' : '/api/v1/me/cover-picture';
  const uploaded = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: w.apply }).click();
  const answer = await uploaded;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(which === 'profile' ? w.savedProfilePicture : w.savedCover)).toBeVisible();
}
