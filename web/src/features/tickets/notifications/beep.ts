/** At most one beep per this interval, however many messages arrive together. */
const MIN_GAP_MS = 1000;

let context: AudioContext | null = null;
let lastAt = 0;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/**
 * The new-message sound: a short two-tone chime made with the Web Audio API at the chosen volume
 * (0 to 1), so no audio file ships with the app. Browsers may keep audio locked until the user has
 * interacted with the page; then it is silently skipped.
 */
export function playBeep(volume: number, now = Date.now()) {
  if (volume <= 0 || now - lastAt < MIN_GAP_MS || typeof window === 'undefined') return;
  const Ctor = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
  if (!Ctor) return;
  lastAt = now;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const at = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.35 * volume), at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
    gain.connect(context.destination);
    const osc = context.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(880, at);
    osc.frequency.setValueAtTime(1318.5, at + 0.11);
    osc.connect(gain);
    osc.start(at);
    osc.stop(at + 0.34);
  } catch {
    // No audio device or audio blocked: the badge and the title still tell.
  }
}
