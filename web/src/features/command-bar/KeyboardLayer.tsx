import { useState } from 'react';
import { useShortcut } from '../../lib/use-shortcut';
import { CommandBar } from './CommandBar';
import { SHORTCUTS } from '../../lib/shortcuts';
import { ShortcutsHelp } from './ShortcutsHelp';

/**
 * The app-wide keys, mounted once by the shell: Ctrl/Cmd+K opens the command bar (even from a text
 * field, since it has a modifier), `?` the list of shortcuts. The inbox's own keys live with the
 * buttons they press (the conversation header, the ticket list).
 */
export function KeyboardLayer() {
  const [bar, setBar] = useState(false);
  const [help, setHelp] = useState(false);
  useShortcut(SHORTCUTS.commandBar, () => {
    setHelp(false);
    setBar((o) => !o);
  });
  useShortcut(SHORTCUTS.help, () => setHelp(true));
  return (
    <>
      <CommandBar open={bar} onClose={() => setBar(false)} />
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}
