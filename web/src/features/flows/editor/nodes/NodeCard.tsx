import type { FlowNodeType } from '@chatflow/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Handle, Position } from '@xyflow/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorActions } from '../editor-actions';
import { NODE_LOOK } from '../node-look';
import { NODE_WIDTH } from '../placement';

interface Props {
  id: string;
  type: FlowNodeType;
  selected: boolean;
  title?: string;
  children?: ReactNode;
  /** Output handles with an optional label beside each (menu options, randomizer paths); default one 'a'. */
  outputs?: { id: string; label?: string }[];
  /** The start node has no input, cannot be duplicated nor deleted. */
  fixed?: boolean;
}

/** The card every node type draws: coloured head with icon and title, duplicate/delete icons, a body, handles. */
export function NodeCard({ id, type, selected, title, children, outputs = [{ id: 'a' }], fixed = false }: Props) {
  const { t } = useTranslation();
  const actions = useEditorActions();
  const look = NODE_LOOK[type];
  const labelled = outputs.some((o) => o.label);
  return (
    <Box
      data-testid={`flow-node-${type}`}
      sx={{
        width: NODE_WIDTH,
        bgcolor: 'background.paper',
        borderRadius: 1.5,
        border: 2,
        borderColor: selected ? look.color : 'divider',
        boxShadow: selected ? 6 : 1,
        fontSize: 13,
      }}
    >
      {!fixed && <Handle type="target" position={Position.Left} id="a" style={{ width: 12, height: 12, background: look.color }} />}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1, py: 0.5, bgcolor: look.color, color: '#fff', borderRadius: '4px 4px 0 0' }}
      >
        {look.icon}
        <Typography variant="subtitle2" sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
          {title ?? t(`flows.nodeTypes.${type}`)}
        </Typography>
        {!fixed && (
          <>
            <Tooltip title={t('flows.node.duplicate')}>
              <IconButton
                size="small"
                aria-label={t('flows.node.duplicate')}
                onClick={() => actions.duplicate(id)}
                sx={{ color: 'inherit', p: 0.25 }}
                className="nodrag"
              >
                <ContentCopyIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('flows.node.delete')}>
              <IconButton
                size="small"
                aria-label={t('flows.node.delete')}
                onClick={() => actions.remove(id)}
                sx={{ color: 'inherit', p: 0.25 }}
                className="nodrag"
              >
                <DeleteOutlineIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Box sx={{ px: 1.25, py: 1, wordBreak: 'break-word' }}>{children}</Box>
      {labelled ? (
        <Stack sx={{ pb: 1 }}>
          {outputs.map((o) => (
            <Box key={o.id} sx={{ position: 'relative', pr: 2.5, py: 0.4, textAlign: 'right', color: 'text.secondary' }}>
              <Typography variant="caption" noWrap component="div">
                {o.label}
              </Typography>
              <Handle type="source" position={Position.Right} id={o.id} style={{ width: 12, height: 12, background: look.color }} />
            </Box>
          ))}
        </Stack>
      ) : (
        outputs.map((o) => (
          <Handle key={o.id} type="source" position={Position.Right} id={o.id} style={{ width: 12, height: 12, background: look.color }} />
        ))
      )}
    </Box>
  );
}
