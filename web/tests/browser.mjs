// Chromium from the system package, driven by playwright-core; never downloads a browser.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Answers the playwright-core module, or throws saying how to install what is missing.
export async function loadPlaywright() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run scripts/deps.sh (Debian package "chromium")`);
  }
  try {
    return await import('playwright-core');
  } catch {
    throw new Error('playwright-core is missing: run scripts/web_deps.sh (npm ci in web/)');
  }
}

// A fresh browser profile: one context whose pages share localStorage and accept downloads.
// `options` adds context options (e.g. {hasTouch: true, isMobile: true} for a phone).
export async function launchBrowser(playwright, options = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'gameboard-e2e-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 720 },
    ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens a page that records every console error and page error into `errors`.
export async function openPage(context, errors, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location()?.url ? ` (${message.location().url})` : '';
    errors.push(`${page.url()}: console: ${message.text()}${source}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: page error: ${error.message}`));
  return page;
}
