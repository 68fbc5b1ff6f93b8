import { installFrameRecorder, measureRefreshInterval } from './web-frames.mjs';
import { scrollByWheel } from './web-scroll.mjs';

/**
 * The machine's own floor for the wheel run: the same gesture over a page with no app at all, a
 * scroller of the list's box and height whose only script moves one row-sized element to follow the
 * scroll on every animation frame (as any virtualized list must). Frames this page drops are dropped
 * by the machine (software compositing and raster on 2 CPUs), not by the list; the report shows them
 * beside the list's, with no target of their own.
 */
export async function measureReferenceWheel(browser, { box, contentHeight, pxPerSecond, rowHeight }) {
  const context = await browser.newContext({ viewport: { width: box.viewportWidth, height: box.viewportHeight }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.setContent(`<!doctype html><style>body{margin:0}
      #list{position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;overflow-y:auto;background:#fff}
      #rows{position:relative;height:${contentHeight}px;background:repeating-linear-gradient(#fff 0 ${rowHeight - 1}px,#e0e0e0 ${rowHeight - 1}px ${rowHeight}px)}
      #row{position:absolute;top:0;left:0;width:100%;height:${rowHeight}px;background:#e3f2fd;font:14px sans-serif}</style>
      <div id="list" data-testid="ticket-list"><div id="rows"><div id="row">moving row</div></div></div>`);
    await page.evaluate(() => {
      const list = document.getElementById('list');
      const row = document.getElementById('row');
      const follow = () => {
        row.style.transform = `translateY(${list.scrollTop + list.clientHeight / 2}px)`;
        requestAnimationFrame(follow);
      };
      requestAnimationFrame(follow);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await installFrameRecorder(page);
    const intervalMs = await measureRefreshInterval(page);
    const run = await scrollByWheel(page, cdp, { pxPerSecond });
    return { ...run, intervalMs };
  } finally {
    await context.close();
  }
}
