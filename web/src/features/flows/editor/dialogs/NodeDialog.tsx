import type { FlowNodeType } from '@chatflow/contract';
import { ContentDialog } from './ContentDialog';
import { IntervalDialog } from './IntervalDialog';
import { MediaNodeDialog } from './MediaNodeDialog';
import { MenuDialog } from './MenuDialog';
import { MessageDialog } from './MessageDialog';
import type { NodeDialogProps } from './NodeDialogShell';
import { OpenAiDialog } from './OpenAiDialog';
import { QuestionDialog } from './QuestionDialog';
import { RandomizerDialog } from './RandomizerDialog';
import { TicketDialog } from './TicketDialog';
import { TypebotDialog } from './TypebotDialog';

/** Node types that have a dialog: every quick-add type but the start, and the earlier-style message and media nodes. */
export const TYPES_WITH_DIALOG: ReadonlySet<FlowNodeType> = new Set<FlowNodeType>([
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'typebot',
  'openai',
  'question',
  'message',
  'img',
  'audio',
  'video',
]);

interface Props extends NodeDialogProps {
  type: FlowNodeType;
  variables: string[];
}

/** The dialog of a node type, in create mode (data null) or edit mode. */
export function NodeDialog({ type, variables, ...props }: Props) {
  switch (type) {
    case 'singleBlock':
      return <ContentDialog {...props} variables={variables} />;
    case 'menu':
      return <MenuDialog {...props} />;
    case 'randomizer':
      return <RandomizerDialog {...props} />;
    case 'interval':
      return <IntervalDialog {...props} />;
    case 'ticket':
      return <TicketDialog {...props} />;
    case 'typebot':
      return <TypebotDialog {...props} />;
    case 'openai':
      return <OpenAiDialog {...props} />;
    case 'question':
      return <QuestionDialog {...props} />;
    case 'message':
      return <MessageDialog {...props} />;
    case 'img':
    case 'audio':
    case 'video':
      return <MediaNodeDialog {...props} type={type} />;
    default:
      return null;
  }
}
