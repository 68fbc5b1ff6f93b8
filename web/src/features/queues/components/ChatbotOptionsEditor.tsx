import { CHATBOT_MAX_DEPTH } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { type Control, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChatbotTargets } from '../hooks/use-chatbot-targets';
import { newChatbotOption, type QueueFormValues } from '../queue-form';
import { ChatbotOptionItem } from './ChatbotOptionItem';

interface Props {
  control: Control<QueueFormValues>;
  /** 'chatbots' for the queue's menu, 'chatbots.0.options' for the sub-menu of the first option, … */
  name: string;
  depth: number;
  targets: ChatbotTargets;
  /** False while the option above has no message: the customer would get a sub-menu with nothing to read. */
  canAdd?: boolean;
}

/**
 * One level of the queue's chatbot menu (spec 2 §3 Chatbot option): its options in the order the
 * customer sees them, each with its own editor for the level below. The form keeps the whole tree
 * and the queue's save sends it at once.
 */
export function ChatbotOptionsEditor({ control, name, depth, targets, canAdd = true }: Props) {
  const { t } = useTranslation();
  // keyName: the options carry their own `id` (kept across edits), so the field array keys elsewhere.
  const { fields, append, remove } = useFieldArray({ control, name: name as 'chatbots', keyName: 'key' });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={`chatbot-level-${depth}`}>
      {fields.length === 0 && depth === 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('queues.chatbot.empty')}
        </Typography>
      )}
      {fields.map((field, index) => (
        <ChatbotOptionItem
          key={field.key}
          control={control}
          name={`${name}.${index}`}
          index={index}
          depth={depth}
          targets={targets}
          onRemove={() => remove(index)}
          canNest={depth < CHATBOT_MAX_DEPTH}
          renderChildren={(childName, childDepth, canAdd) => (
            <ChatbotOptionsEditor control={control} name={childName} depth={childDepth} targets={targets} canAdd={canAdd} />
          )}
        />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!canAdd}
          onClick={() => append(newChatbotOption())}
          data-testid={`chatbot-add-${depth}`}
        >
          {depth === 1 ? t('queues.chatbot.addOption') : t('queues.chatbot.addSubOption')}
        </Button>
      </Box>
    </Box>
  );
}
