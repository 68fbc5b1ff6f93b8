import type { FlowNodeType } from '@chatflow/contract';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import ImageIcon from '@mui/icons-material/Image';
import ListIcon from '@mui/icons-material/List';
import MessageIcon from '@mui/icons-material/Message';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PsychologyIcon from '@mui/icons-material/Psychology';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import RuleIcon from '@mui/icons-material/Rule';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import VideocamIcon from '@mui/icons-material/Videocam';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import type { ReactElement } from 'react';

/** Each node type's icon and colour, shared by the canvas cards and the quick-add menu. */
export const NODE_LOOK: Record<FlowNodeType, { icon: ReactElement; color: string }> = {
  start: { icon: <PlayArrowIcon fontSize="small" />, color: '#2e7d32' },
  singleBlock: { icon: <ViewAgendaIcon fontSize="small" />, color: '#1565c0' },
  menu: { icon: <ListIcon fontSize="small" />, color: '#6a1b9a' },
  randomizer: { icon: <CallSplitIcon fontSize="small" />, color: '#ef6c00' },
  interval: { icon: <AccessTimeIcon fontSize="small" />, color: '#00838f' },
  ticket: { icon: <ConfirmationNumberIcon fontSize="small" />, color: '#ad1457' },
  typebot: { icon: <SmartToyIcon fontSize="small" />, color: '#283593' },
  openai: { icon: <PsychologyIcon fontSize="small" />, color: '#10a37f' },
  question: { icon: <QuestionAnswerIcon fontSize="small" />, color: '#c62828' },
  message: { icon: <MessageIcon fontSize="small" />, color: '#455a64' },
  img: { icon: <ImageIcon fontSize="small" />, color: '#455a64' },
  audio: { icon: <AudiotrackIcon fontSize="small" />, color: '#455a64' },
  video: { icon: <VideocamIcon fontSize="small" />, color: '#455a64' },
  condition: { icon: <RuleIcon fontSize="small" />, color: '#455a64' },
};

/** The quick-add menu's entries, in the spec's order (spec 3 §2). */
export const QUICK_ADD_TYPES: FlowNodeType[] = [
  'start',
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'typebot',
  'openai',
  'question',
];

/**
 * Single-purpose nodes the spec's data model has (message {label}, img/video {url}, audio {url, record})
 * but its quick-add list leaves out: offered after a divider so a flow can be drawn with them, not only
 * saved through the API.
 */
export const SINGLE_ADD_TYPES: FlowNodeType[] = ['message', 'img', 'audio', 'video'];
