import type { Page } from 'playwright-core';

/**
 * A photo as a camera would give one, drawn by the page's own canvas (no
 * image library on the Node side): a JPEG of `width`×`height` with a sky, a
 * road and the label, so each asset's photo is told apart at a glance.
 */
export async function samplePhoto(
  page: Page,
  label: string,
  hue: number,
  width = 960,
  height = 540,
): Promise<Buffer> {
  // A string, not a function: this Node file is type-checked without the DOM library.
  const dataUrl = await page.evaluate(`(() => {
    const c = document.createElement('canvas');
    c.width = ${width};
    c.height = ${height};
    const g = c.getContext('2d');
    const sky = g.createLinearGradient(0, 0, 0, c.height);
    sky.addColorStop(0, 'hsl(${hue}, 55%, 62%)');
    sky.addColorStop(1, 'hsl(${hue}, 40%, 30%)');
    g.fillStyle = sky;
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#2b2f33';
    g.fillRect(0, c.height * 0.72, c.width, c.height * 0.28);
    g.fillStyle = 'hsl(${(hue + 180) % 360}, 60%, 55%)';
    g.fillRect(c.width * 0.22, c.height * 0.38, c.width * 0.5, c.height * 0.3);
    g.fillRect(c.width * 0.72, c.height * 0.48, c.width * 0.12, c.height * 0.2);
    g.fillStyle = '#111';
    for (const x of [0.32, 0.62, 0.78]) {
      g.beginPath();
      g.arc(c.width * x, c.height * 0.7, c.height * 0.07, 0, Math.PI * 2);
      g.fill();
    }
    g.fillStyle = '#fff';
    g.font = 'bold ' + Math.round(c.height / 9) + 'px sans-serif';
    g.fillText(${JSON.stringify(label)}, c.width * 0.05, c.height * 0.2);
    return c.toDataURL('image/jpeg', 0.85);
  })()`);
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:image/jpeg;base64,'))
    throw new Error('The page could not draw the sample photo.');
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
