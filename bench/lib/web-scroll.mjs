import { startFrames, stopFrames } from './web-frames.mjs';

const LIST = '[data-testid="ticket-list"]';

/** Chromium's own counters of main-thread work (CDP Performance domain), as a delta over a run. */
async function metricsDelta(cdp, run) {
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await read();
  const result = await run();
  const after = await read();
  const d = (k) => (after[k] ?? 0) - (before[k] ?? 0);
  result.work = {
    layouts: d('LayoutCount'),
    styleRecalcs: d('RecalcStyleCount'),
    layoutMs: d('LayoutDuration') * 1000,
    styleMs: d('RecalcStyleDuration') * 1000,
    scriptMs: d('ScriptDuration') * 1000,
    taskMs: d('TaskDuration') * 1000,
    // CPU time, unlike the durations above, does not grow when other work on the machine delays the page.
    mainThreadCpuMs: d('ThreadTime') * 1000,
    rendererCpuMs: d('ProcessTime') * 1000,
  };
  return result;
}

/**
 * Scrolls the list to its end again and again, so the infinite scroll fetches page after page, until
 * `target` rows are loaded, the server says there are no more, or nothing arrives for `stallMs`.
 * The list says how many rows it holds (data-loaded) and whether more remain (data-has-more).
 */
export async function loadAllRows(page, cdp, { target, stallMs = 30_000 }) {
  const started = Date.now();
  await startFrames(page);
  const result = await metricsDelta(cdp, async () => {
    const state = await page.evaluate(
      async ({ selector, target, stallMs }) => {
        const el = document.querySelector(selector);
        const loaded = () => Number(el.dataset.loaded);
        const more = () => el.dataset.hasMore === 'true';
        const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
        let previous = loaded();
        let grewAt = performance.now();
        while (loaded() < target && more()) {
          el.scrollTop = el.scrollHeight;
          await nextFrame();
          if (loaded() > previous) {
            previous = loaded();
            grewAt = performance.now();
          } else if (performance.now() - grewAt > stallMs) break;
        }
        return { loaded: loaded(), hasMore: more() };
      },
      { selector: LIST, target, stallMs },
    );
    return { ...state, frames: await stopFrames(page) };
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

/**
 * The mouse rests over the middle of the list, as when someone scrolls it: the rows passing under
 * the pointer are then part of the work (hover), as they are for a real user.
 */
async function pointAtList(page) {
  const box = await page.locator(LIST).boundingBox();
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  await page.mouse.move(point.x, point.y);
  return point;
}

/**
 * Programmatic scrolling at a steady speed: scrollTop moves `pxPerFrame` on every animation frame,
 * top to bottom and back, the way a fast fling moves it; frames are recorded meanwhile.
 */
export async function scrollByFrames(page, cdp, { pxPerFrame }) {
  await pointAtList(page);
  return metricsDelta(cdp, async () => {
    const distance = await page.evaluate(
      async ({ selector, pxPerFrame }) => {
        const el = document.querySelector(selector);
        el.scrollTop = 0;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const max = el.scrollHeight - el.clientHeight;
        window.__benchFrames.start();
        await new Promise((resolve) => {
          let down = true;
          const step = () => {
            el.scrollTop = Math.max(0, Math.min(max, el.scrollTop + (down ? pxPerFrame : -pxPerFrame)));
            if (down && el.scrollTop >= max) down = false;
            else if (!down && el.scrollTop <= 0) return resolve();
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        });
        return 2 * max;
      },
      { selector: LIST, pxPerFrame },
    );
    return { distance, frames: await stopFrames(page) };
  });
}

/**
 * Mouse-wheel scrolling at a steady speed: CDP Input.synthesizeScrollGesture with a mouse source
 * sends real wheel events through Chromium's input pipeline (as a wheel or trackpad would), at
 * `pxPerSecond`, down to the end of the list and back up.
 */
export async function scrollByWheel(page, cdp, { pxPerSecond, chunkPx = 50_000 }) {
  const { x, y } = await pointAtList(page);
  const position = () =>
    page.evaluate((selector) => {
      const el = document.querySelector(selector);
      return { top: el.scrollTop, max: el.scrollHeight - el.clientHeight };
    }, LIST);
  await page.evaluate((selector) => {
    document.querySelector(selector).scrollTop = 0;
  }, LIST);
  return metricsDelta(cdp, async () => {
    await startFrames(page);
    let travelled = 0;
    for (const direction of [-1, 1]) {
      // A gesture is bounded in length; several follow each other until the end is reached.
      for (let guard = 0; guard < 1000; guard++) {
        const before = await position();
        const atEnd = direction < 0 ? before.top >= before.max - 1 : before.top <= 0;
        if (atEnd) break;
        const left = direction < 0 ? before.max - before.top : before.top;
        await cdp.send('Input.synthesizeScrollGesture', {
          x,
          y,
          yDistance: direction * Math.min(chunkPx, left),
          speed: pxPerSecond,
          gestureSourceType: 'mouse',
          preventFling: true,
        });
        const after = await position();
        travelled += Math.abs(after.top - before.top);
        if (after.top === before.top) break;
      }
    }
    return { distance: travelled, frames: await stopFrames(page) };
  });
}

/** Rows in the DOM after scrolling: the virtualizer keeps only those in view and the overscan. */
export const renderedRows = (page) => page.locator('[data-testid="ticket-item"]').count();
