import type { FlowContentElement, FlowMenuOption, FlowNodeType } from '@chatflow/contract';
import { Box, Typography } from '@mui/material';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { NodeCard } from './NodeCard';

/** A short text line on a card; long texts are cut so one node cannot fill the canvas. */
function Line({ children, muted = false }: { children: React.ReactNode; muted?: boolean }) {
  return (
    <Typography
      variant="body2"
      sx={{
        color: muted ? 'text.secondary' : 'text.primary',
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        whiteSpace: 'pre-line',
      }}
    >
      {children}
    </Typography>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function StartNode({ id, selected }: NodeProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="start" selected={selected} fixed>
      <Line>{t('flows.node.start')}</Line>
    </NodeCard>
  );
}

function ContentNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  const elements = (Array.isArray(data.elements) ? data.elements : []) as FlowContentElement[];
  const label = (e: FlowContentElement) =>
    e.type === 'message'
      ? text(e.value)
      : e.type === 'interval'
        ? `${t('flows.content.interval')}: ${t('flows.node.seconds', { sec: e.value })}`
        : `${t(`flows.content.${e.type === 'img' ? 'image' : e.type}`)}: ${text(e.original) || text(e.value).split('/').pop()}`;
  return (
    <NodeCard id={id} type="singleBlock" selected={selected}>
      {elements.length === 0 ? (
        <Line muted>{t('flows.node.emptyContent')}</Line>
      ) : (
        elements.map((e) => (
          <Box key={e.number} sx={{ mb: 0.5, p: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}>
            <Line>{label(e)}</Line>
          </Box>
        ))
      )}
    </NodeCard>
  );
}

function MenuNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  const options = (Array.isArray(data.arrayOption) ? data.arrayOption : []) as FlowMenuOption[];
  return (
    <NodeCard
      id={id}
      type="menu"
      selected={selected}
      outputs={options.map((o) => ({ id: `a${o.number}`, label: t('flows.node.option', { number: o.number, value: o.value }) }))}
    >
      <Line>{text(data.message)}</Line>
    </NodeCard>
  );
}

function RandomizerNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  const percent = Number(data.percent ?? 50);
  return (
    <NodeCard
      id={id}
      type="randomizer"
      selected={selected}
      outputs={[
        { id: 'a', label: t('flows.randomizer.pathA', { percent }) },
        { id: 'b', label: t('flows.randomizer.pathB', { percent: 100 - percent }) },
      ]}
    />
  );
}

function IntervalNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="interval" selected={selected}>
      <Line>{t('flows.node.seconds', { sec: data.sec ?? 0 })}</Line>
    </NodeCard>
  );
}

function TicketNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="ticket" selected={selected}>
      <Line muted={!data.name}>{text(data.name) || t('flows.node.noQueue')}</Line>
    </NodeCard>
  );
}

function NamedNode({ id, data, selected, type }: NodeProps) {
  return (
    <NodeCard id={id} type={type as FlowNodeType} selected={selected}>
      <Line>{text(data.name)}</Line>
    </NodeCard>
  );
}

function QuestionNode({ id, data, selected }: NodeProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="question" selected={selected}>
      <Line>{text(data.message)}</Line>
      <Line muted>{t('flows.node.answerIn', { key: `{{${text(data.answerKey)}}}` })}</Line>
    </NodeCard>
  );
}

/** Earlier-style nodes (message, img, audio, video, condition) a saved flow may hold: shown; all but the condition have a dialog. */
function LegacyNode({ id, data, selected, type }: NodeProps) {
  const summary = text(data.label) || text(data.url).split('/').pop() || [data.key, data.condition, data.value].filter(Boolean).join(' ');
  return (
    <NodeCard id={id} type={type as FlowNodeType} selected={selected}>
      <Line>{summary}</Line>
    </NodeCard>
  );
}

export const FLOW_NODE_COMPONENTS: NodeTypes = {
  start: StartNode,
  singleBlock: ContentNode,
  menu: MenuNode,
  randomizer: RandomizerNode,
  interval: IntervalNode,
  ticket: TicketNode,
  typebot: NamedNode,
  openai: NamedNode,
  question: QuestionNode,
  message: LegacyNode,
  img: LegacyNode,
  audio: LegacyNode,
  video: LegacyNode,
  condition: LegacyNode,
};
