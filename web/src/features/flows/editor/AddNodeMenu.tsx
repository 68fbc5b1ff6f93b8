import type { FlowNodeType } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_LOOK, QUICK_ADD_TYPES, SINGLE_ADD_TYPES } from './node-look';

interface Props {
  onChoose(type: FlowNodeType): void;
  /** A flow has one start node: the entry is off while it exists. */
  hasStart: boolean;
}

/**
 * The quick-add menu (spec 3 §2): Inicio, Conteúdo, Menu, Randomizador, Intervalo, Ticket, TypeBot, OpenAI,
 * Pergunta; then, after a divider, the single message, image, audio and video nodes.
 */
export function AddNodeMenu({ onChoose, hasStart }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (type: FlowNodeType) => {
    setAnchor(null);
    onChoose(type);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="flow-add-node"
      >
        {t('flows.editor.addNode')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {QUICK_ADD_TYPES.map((type) => (
          <AddItem key={type} type={type} disabled={type === 'start' && hasStart} onClick={() => pick(type)} />
        ))}
        <Divider />
        {SINGLE_ADD_TYPES.map((type) => (
          <AddItem key={type} type={type} onClick={() => pick(type)} />
        ))}
      </Menu>
    </>
  );
}

function AddItem({ type, disabled = false, onClick }: { type: FlowNodeType; disabled?: boolean; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <MenuItem disabled={disabled} onClick={onClick} data-testid={`flow-add-${type}`}>
      <ListItemIcon sx={{ color: NODE_LOOK[type].color }}>{NODE_LOOK[type].icon}</ListItemIcon>
      <ListItemText>{t(`flows.nodeTypes.${type}`)}</ListItemText>
    </MenuItem>
  );
}
