import { useEffect, useRef } from 'react';

/** A key as a shortcut names it: `KeyboardEvent.key`, with the modifiers it needs. */
export interface ShortcutKey {
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
}

/**
 * Whether a key stroke is typing: in an input, a text area, a select or an editable element. A
 * shortcut without a modifier must leave those keys to the text (an "a" in a reply is a letter).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]') !== null;
}

/** Whether a dialog or a menu is open over the page: its own keys come first. */
function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="presentation"].MuiModal-root:not(.MuiModal-hidden)') !== null;
}

export function matchesShortcut(e: KeyboardEvent, s: ShortcutKey): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (!!s.mod !== mod || e.altKey) return false;
  if (s.shift !== undefined && s.shift !== e.shiftKey) return false;
  return e.key.toLowerCase() === s.key.toLowerCase();
}

/**
 * Calls `run` when the key is pressed anywhere on the page, while `enabled`. A key without a modifier
 * is ignored while the user types and while a dialog or menu is open (its keys are its own); a key
 * with one (Ctrl/Cmd+K) works everywhere. Handlers are kept in a ref, so callers may pass closures.
 */
export function useShortcut(shortcut: ShortcutKey, run: (e: KeyboardEvent) => void, enabled = true) {
  const runRef = useRef(run);
  runRef.current = run;
  const { key, mod, shift } = shortcut;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || !matchesShortcut(e, { key, mod, shift })) return;
      if (!mod && (isTypingTarget(e.target) || overlayOpen())) return;
      e.preventDefault();
      runRef.current(e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, mod, shift, enabled]);
}
