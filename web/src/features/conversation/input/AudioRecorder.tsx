import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import MicIcon from '@mui/icons-material/Mic';
import { Box, CircularProgress, IconButton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { formatElapsed, isRecordingKept, recordingFileName, recordingMimeType } from './recording';

/** Bitrate of recordings (spec 1 §4.2: 128 kbit/s). */
const AUDIO_BITS = 128_000;

interface Props {
  disabled: boolean;
  onSend(file: File): Promise<unknown>;
  /** Tells the input to hide its text field while recording. */
  onRecordingChange(recording: boolean): void;
}

/** idle → recording (timer) → sent or cancelled (spec 1 §4.2). */
export function AudioRecorder({ disabled, onSend, onRecordingChange }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'recording' | 'sending'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  useEffect(() => onRecordingChange(state !== 'idle'), [state, onRecordingChange]);
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => setElapsed((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  // Leaving the ticket mid-recording releases the microphone.
  useEffect(
    () => () => {
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = recordingMimeType();
      const rec = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS });
      chunks.current = [];
      rec.ondataavailable = (e) => chunks.current.push(e.data);
      rec.start();
      recorder.current = rec;
      setElapsed(0);
      setState('recording');
    } catch {
      notify(t('conversation.recorder.micError'), 'error', 2000);
    }
  };

  const stop = (send: boolean) => {
    const rec = recorder.current;
    if (!rec) return;
    recorder.current = null;
    rec.onstop = async () => {
      for (const track of rec.stream.getTracks()) track.stop();
      const blob = new Blob(chunks.current, { type: rec.mimeType || 'audio/webm' });
      if (!send || !isRecordingKept(blob.size)) {
        if (send) notify(t('conversation.recorder.tooShort'), 'info');
        return setState('idle');
      }
      setState('sending');
      try {
        await onSend(new File([blob], recordingFileName(blob.type), { type: blob.type }));
      } finally {
        setState('idle');
      }
    };
    rec.stop();
  };

  if (state === 'idle') {
    return (
      <IconButton onClick={start} disabled={disabled} aria-label={t('conversation.recorder.start')} data-testid="record-start">
        <MicIcon />
      </IconButton>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton onClick={() => stop(false)} disabled={state === 'sending'} aria-label={t('conversation.recorder.cancel')} color="error">
        <HighlightOffIcon />
      </IconButton>
      {state === 'sending' ? (
        <CircularProgress size={20} />
      ) : (
        <Typography
          variant="body2"
          sx={{ minWidth: 44, fontVariantNumeric: 'tabular-nums', color: 'error.main' }}
          data-testid="record-timer"
        >
          {formatElapsed(elapsed)}
        </Typography>
      )}
      <IconButton onClick={() => stop(true)} disabled={state === 'sending'} aria-label={t('conversation.recorder.send')} color="success">
        <CheckCircleIcon />
      </IconButton>
    </Box>
  );
}
