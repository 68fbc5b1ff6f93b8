import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { formatDate, formatTime } from '../../lib/format';
import { type Todo, useTodos } from './use-todos';

const stamp = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** /todolist (spec 3 "To-do list"): "Nova tarefa", add or save an edit, edit and delete per task; kept in this browser. */
export default function TodoListPage() {
  const { t } = useTranslation();
  const { todos, add, edit, remove } = useTodos(useAuth().user?.id ?? 0);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ index: number; todo: Todo } | null>(null);

  const submit = () => {
    const done = editing === null ? add(text) : edit(editing, text);
    if (done || !text.trim()) {
      setText('');
      setEditing(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, width: '100%', mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {t('todolist.title')}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('todolist.newTask')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'todo-input', maxLength: 1000 } }}
        />
        <Button type="submit" variant="contained" data-testid="todo-submit" sx={{ flexShrink: 0 }}>
          {editing === null ? t('todolist.add') : t('todolist.save')}
        </Button>
        {editing !== null && (
          <Button
            onClick={() => {
              setEditing(null);
              setText('');
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('todolist.cancel')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('todolist.storedHere')}
      </Typography>
      <Paper variant="outlined">
        {todos.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="todo-empty">
            {t('todolist.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {todos.map((todo, index) => (
              <ListItem
                // biome-ignore lint/suspicious/noArrayIndexKey: tasks have no id (spec 3 §3); the creation time plus place is stable
                key={`${todo.createdAt}-${index}`}
                divider={index < todos.length - 1}
                sx={{ pr: 12, bgcolor: editing === index ? 'action.selected' : undefined }}
                data-testid="todo-item"
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('todolist.edit')}
                      onClick={() => {
                        setEditing(index);
                        setText(todo.text);
                      }}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={t('todolist.delete')} onClick={() => setDeleting({ index, todo })}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={todo.text}
                  secondary={
                    todo.updatedAt !== todo.createdAt
                      ? t('todolist.updated', { date: stamp(todo.updatedAt) })
                      : t('todolist.created', { date: stamp(todo.createdAt) })
                  }
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <ConfirmationDialog
        open={deleting !== null}
        title={t('todolist.deleteTitle')}
        onConfirm={async () => {
          if (deleting) remove(deleting.index);
          if (deleting && editing === deleting.index) {
            setEditing(null);
            setText('');
          } else if (deleting && editing !== null && deleting.index < editing) setEditing(editing - 1);
        }}
        onClose={() => setDeleting(null)}
      >
        {t('todolist.deleteMessage', { text: deleting?.todo.text ?? '' })}
      </ConfirmationDialog>
    </Stack>
  );
}
