import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@chatflow/contract';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

interface Props {
  name: string;
  /** The stored picture's url, if any. */
  current: string | null;
  file: File | null;
  onChange(file: File | null): void;
}

/**
 * The user's picture: click to choose a file, see it at once; it is uploaded when the form is saved.
 * Type and size are checked here too so the user hears about it before saving (the server sniffs again).
 */
export function AvatarPicker({ name, current, file, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(chosen.type))
      return notify(t('backendErrors.ERR_INVALID_FILE'), 'error', 2000);
    if (chosen.size > PROFILE_IMAGE_MAX_BYTES) return notify(t('backendErrors.ERR_FILE_TOO_LARGE'), 'error', 2000);
    onChange(chosen);
  };

  const label = current || file ? t('users.modal.editImage') : t('users.modal.addImage');
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={PROFILE_IMAGE_TYPES.join(',')}
        data-testid="avatar-input"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = ''; // choosing the same file again still fires a change
        }}
      />
      <Tooltip title={label}>
        <IconButton onClick={() => input.current?.click()} aria-label={label} sx={{ p: 0.5 }} data-testid="avatar-picker">
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<PhotoCameraIcon fontSize="small" sx={{ bgcolor: 'background.paper', borderRadius: '50%', p: 0.25 }} />}
          >
            <Avatar src={preview ?? current ?? undefined} alt={name} sx={{ width: 72, height: 72, fontSize: 28 }}>
              {name.trim().charAt(0).toUpperCase() || undefined}
            </Avatar>
          </Badge>
        </IconButton>
      </Tooltip>
    </>
  );
}
