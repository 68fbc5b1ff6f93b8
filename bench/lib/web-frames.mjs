import { percentile } from './load.mjs';

/**
 * In-page frame recorder: every requestAnimationFrame callback records the time since the previous
 * one (the frame time the user sees), and a PerformanceObserver records long tasks (main-thread work
 * over 50 ms). Installed once per page as window.__benchFrames.
 */
export async function installFrameRecorder(page) {
  await page.evaluate(() => {
    if (window.__benchFrames) return;
    let frames = null;
    let longTasks = null;
    let last = 0;
    const tick = (now) => {
      if (!frames) return;
      if (last) frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    new PerformanceObserver((list) => {
      if (longTasks) for (const e of list.getEntries()) longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    window.__benchFrames = {
      start() {
        frames = [];
        longTasks = [];
        last = 0;
        requestAnimationFrame(tick);
      },
      stop() {
        const out = { frames, longTasks };
        frames = null;
        longTasks = null;
        return out;
      },
    };
  });
}

export const startFrames = (page) => page.evaluate(() => window.__benchFrames.start());
export const stopFrames = (page) => page.evaluate(() => window.__benchFrames.stop());

/** The display's frame interval: the median rAF delta of a second of an idle page (16.7 ms at 60 Hz). */
export async function measureRefreshInterval(page) {
  await startFrames(page);
  await page.waitForTimeout(1000);
  const { frames } = await stopFrames(page);
  const sorted = Float64Array.from(frames).sort();
  return percentile(sorted, 50);
}

/** Frames, dropped frames (longer than 1.5 refresh intervals), longest, p95 and long tasks of one run. */
export function summarizeFrames({ frames, longTasks }, intervalMs) {
  const sorted = Float64Array.from(frames).sort();
  const limit = 1.5 * intervalMs;
  const dropped = frames.filter((d) => d > limit);
  const totalMs = frames.reduce((s, d) => s + d, 0);
  return {
    frames: frames.length,
    seconds: totalMs / 1000,
    fps: frames.length / (totalMs / 1000),
    dropped: dropped.length,
    droppedPct: (100 * dropped.length) / Math.max(1, frames.length),
    // Each dropped frame hid one or more refreshes: how many the user missed in all.
    missedRefreshes: dropped.reduce((s, d) => s + Math.round(d / intervalMs) - 1, 0),
    longest: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((s, d) => s + d, 0),
    longestTask: longTasks.length ? Math.max(...longTasks) : 0,
  };
}
