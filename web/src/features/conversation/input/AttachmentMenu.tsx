import AttachFileIcon from '@mui/icons-material/AttachFile';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import SmartButtonIcon from '@mui/icons-material/SmartButton';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AttachmentChoice = 'contact' | 'meeting' | 'interactive';

interface Props {
  disabled: boolean;
  onFiles(files: File[]): void;
  onChoose(choice: AttachmentChoice): void;
}

/** Image/video/audio, camera, document, contact, video meeting link and interactive buttons. */
export function AttachmentMenu({ disabled, onFiles, onChoose }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const media = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const doc = useRef<HTMLInputElement>(null);

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be picked again
    if (files.length) onFiles(files);
  };
  const item = (key: string, icon: ReactNode, onClick: () => void) => (
    <MenuItem
      key={key}
      data-testid={`attach-${key}`}
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{t(`conversation.attach.${key}`)}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
        aria-label={t('conversation.attach.open')}
        data-testid="attach"
      >
        <AttachFileIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {item('media', <ImageIcon />, () => media.current?.click())}
        {item('camera', <PhotoCameraIcon />, () => camera.current?.click())}
        {item('document', <InsertDriveFileIcon />, () => doc.current?.click())}
        {item('contact', <ContactPageIcon />, () => onChoose('contact'))}
        {item('meeting', <VideoCallIcon />, () => onChoose('meeting'))}
        {item('interactive', <SmartButtonIcon />, () => onChoose('interactive'))}
      </Menu>
      <input ref={media} type="file" hidden multiple accept="image/*,video/*,audio/*" onChange={picked} data-testid="input-media" />
      <input ref={camera} type="file" hidden accept="image/*" capture="environment" onChange={picked} />
      <input ref={doc} type="file" hidden multiple onChange={picked} data-testid="input-document" />
    </>
  );
}
