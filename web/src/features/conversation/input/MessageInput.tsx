import type { MessageView, QuickMessageView, TicketView } from '@chatflow/contract';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import LockIcon from '@mui/icons-material/Lock';
import SendIcon from '@mui/icons-material/Send';
import { Box, FormControlLabel, IconButton, InputBase, Switch, Tooltip } from '@mui/material';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { errorMessage, toastError } from '../../../lib/errors';
import { useTyping } from '../hooks/use-typing';
import { matchQuick, slashTerm, useQuickMessageList } from '../hooks/use-quick-messages';
import { isSendable, useSend } from '../hooks/use-send';
import { AttachmentMenu, type AttachmentChoice } from './AttachmentMenu';
import { AudioRecorder } from './AudioRecorder';
import { EmojiButton } from './EmojiButton';
import { InteractiveDialog } from './InteractiveDialog';
import { MediaPreviewDialog } from './MediaPreviewDialog';
import { QuickMessagePicker } from './QuickMessagePicker';
import { quickMediaFile } from './quick-media';
import { ReplyBar } from './ReplyBar';
import { SendContactModal } from './SendContactModal';
import { readSignature, writeSignature } from './signature';
import { useCollisionGuard } from './use-collision-guard';

/** Public video rooms: the link is the base plus the ticket id (spec 1 §9). */
export const MEETING_BASE = 'https://meet.jit.si/';

/** Typing is possible only while the ticket is open or a group (spec 1 §2.6). */
export const canWrite = (ticket: Pick<TicketView, 'status'>) => ticket.status === 'open' || ticket.status === 'group';

interface Props {
  ticket: TicketView;
  replyTo: MessageView | null;
  onClearReply(): void;
}

export function MessageInput({ ticket, replyTo, onClearReply }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const enabled = canWrite(ticket);
  const signAllowed = user?.company.settings.find((s) => s.key === 'sendSignMessage')?.value !== 'disabled';
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSign] = useState(readSignature);
  const [files, setFiles] = useState<File[]>([]);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<AttachmentChoice | null>(null);
  const [recording, setRecording] = useState(false);
  const [active, setActive] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const send = useSend(ticket);
  const signMessage = signAllowed && sign;
  const typing = useTyping(ticket.uuid);
  const collision = useCollisionGuard(ticket.uuid);

  // Once the ticket becomes writable (Aceitar, Reabrir) the agent's next act is typing: the box takes the
  // focus then, never on mere opening of an already open ticket (that could steal it from the list's keys).
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    if (enabled && !wasEnabled.current) field.current?.focus();
    wasEnabled.current = enabled;
  }, [enabled]);

  const term = enabled ? slashTerm(text) : null;
  const quick = useQuickMessageList(term !== null);
  const matches = term !== null ? matchQuick(quick.data ?? [], term) : [];

  const submit = async () => {
    if (!enabled || !isSendable(text)) return;
    if (!(await collision.mayReply(isPrivate))) return; // cancelled: the text stays to be sent later
    typing.stop();
    const body = text;
    setText('');
    onClearReply();
    try {
      await send.text.mutateAsync({ body: body.trim(), quotedMsgId: replyTo?.id ?? null, isPrivate, signMessage });
      setPrivate(false); // a note is an aside: the next text goes to the customer unless asked again
    } catch {
      setText(body); // keep what was typed so it can be sent again
    }
  };

  const changeFiles = (next: (current: File[]) => File[]) => {
    setMediaError(null);
    setFiles(next);
  };
  const sendFiles = async (items: { file: File; caption: string }[]) => {
    setMediaError(null);
    if (!(await collision.mayReply(isPrivate))) return; // cancelled: the preview keeps the files and captions
    try {
      await send.media.mutateAsync({ files: items, isPrivate, signMessage });
      setFiles([]);
      setPrivate(false);
    } catch (err) {
      setMediaError(errorMessage(err)); // the mutation has toasted it as well
    }
  };

  const pickQuick = async (q: QuickMessageView) => {
    setActive(0);
    if (!q.mediaPath) return setText(q.message);
    setText('');
    if (!(await collision.mayReply(isPrivate))) return;
    try {
      const file = await quickMediaFile(q, user?.companyId ?? 0);
      if (file) await send.media.mutateAsync({ files: [{ file, caption: q.message }], isPrivate, signMessage });
    } catch (err) {
      toastError(err);
    }
  };

  const insertAtCursor = (value: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + value + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (matches.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        void pickQuick(matches[Math.min(active, matches.length - 1)]);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  const choose = async (choice: AttachmentChoice) => {
    if (choice !== 'meeting') return setDialog(choice);
    // The spec builds the room from the ticket id; the ticket's uuid is that id's unguessable form, so two
    // companies' ticket 5 never share a public room.
    if (await collision.mayReply(isPrivate)) send.text.mutate({ body: `${MEETING_BASE}${ticket.uuid}`, isPrivate, signMessage: false });
  };
  // A contact card always reaches the customer; cancelled, the picker stays open with the contact chosen.
  const sendContact = async (c: { name: string; number: string }) => {
    if (await collision.mayReply(false)) send.vCard.mutate(c, { onSuccess: () => setDialog(null) });
  };
  const onRecordingChange = useCallback((on: boolean) => setRecording(on), []);
  // The recorder shows its spinner until this settles; a cancelled collision drops the recording.
  const sendRecording = async (file: File) => {
    if (await collision.mayReply(isPrivate))
      await send.media.mutateAsync({ files: [{ file, caption: '' }], isPrivate, signMessage: false });
  };

  return (
    <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="message-input">
      {replyTo && <ReplyBar message={replyTo} onClose={onClearReply} />}
      {term !== null && <QuickMessagePicker items={matches} active={active} onPick={(q) => void pickQuick(q)} />}
      {/* On a phone the text takes a row of its own above the controls, so it is never squeezed to a sliver. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        {!recording && (
          <>
            <EmojiButton disabled={!enabled} onPick={insertAtCursor} />
            <AttachmentMenu disabled={!enabled} onFiles={(f) => changeFiles((prev) => [...prev, ...f])} onChoose={(c) => void choose(c)} />
            <InputBase
              inputRef={field}
              multiline
              maxRows={6}
              fullWidth
              value={text}
              disabled={!enabled}
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
                typing.changed(e.target.value);
              }}
              onKeyDown={onKeyDown}
              placeholder={
                enabled
                  ? isPrivate
                    ? t('conversation.input.placeholderPrivate')
                    : t('conversation.input.placeholder')
                  : t('conversation.input.placeholderClosed')
              }
              slotProps={{ input: { 'aria-label': t('conversation.input.label'), 'data-testid': 'message-text' } as object }}
              sx={{
                flex: { xs: '1 1 100%', sm: '1 1 auto' },
                order: { xs: -1, sm: 0 },
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: isPrivate ? 'warning.light' : 'action.hover',
                color: isPrivate ? 'warning.contrastText' : undefined,
              }}
            />
            {signAllowed && (
              <FormControlLabel
                labelPlacement="bottom"
                label={t('conversation.input.signature')}
                sx={{ mx: 0, '& .MuiFormControlLabel-label': { fontSize: 11, lineHeight: 1 } }}
                control={
                  <Switch
                    size="small"
                    checked={sign}
                    disabled={!enabled}
                    data-testid="sign-toggle"
                    onChange={(e) => {
                      setSign(e.target.checked);
                      writeSignature(e.target.checked);
                    }}
                  />
                }
              />
            )}
            <Tooltip title={t('conversation.input.private')}>
              <span>
                <IconButton
                  onClick={() => setPrivate((p) => !p)}
                  disabled={!enabled}
                  color={isPrivate ? 'warning' : 'default'}
                  aria-pressed={isPrivate}
                  aria-label={t('conversation.input.private')}
                  data-testid="private-toggle"
                >
                  <LockIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('conversation.input.quick')}>
              <span>
                <IconButton
                  disabled={!enabled}
                  aria-label={t('conversation.input.quick')}
                  onClick={() => {
                    setText('/');
                    field.current?.focus();
                  }}
                >
                  <FlashOnIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        {text.trim() || !enabled ? (
          <IconButton
            color="primary"
            onClick={() => void submit()}
            disabled={!enabled || !isSendable(text) || send.text.isPending}
            aria-label={t('conversation.input.send')}
            data-testid="send"
            sx={{ ml: { xs: 'auto', sm: 0 } }}
          >
            <SendIcon />
          </IconButton>
        ) : (
          <Box sx={{ ml: recording ? 'auto' : { xs: 'auto', sm: 0 } }}>
            <AudioRecorder disabled={!enabled} onRecordingChange={onRecordingChange} onSend={sendRecording} />
          </Box>
        )}
      </Box>
      {collision.dialog}
      <MediaPreviewDialog
        files={files}
        busy={send.media.isPending}
        error={mediaError}
        onClose={() => changeFiles(() => [])}
        onRemove={(i) => changeFiles((f) => f.filter((_, j) => j !== i))}
        onSend={(items) => void sendFiles(items)}
      />
      <SendContactModal
        open={dialog === 'contact'}
        busy={send.vCard.isPending}
        onClose={() => setDialog(null)}
        onSend={(c) => void sendContact(c)}
      />
      <InteractiveDialog
        open={dialog === 'interactive'}
        onClose={() => setDialog(null)}
        onSend={(kind, payload) => send.interactive.mutateAsync({ kind, payload })}
      />
    </Box>
  );
}
