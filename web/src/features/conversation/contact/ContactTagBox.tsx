import { type ContactView, TAG_NAME_MIN, type TagRef } from '@chatflow/contract';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coloredSx } from '../../../components/colored';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { useTagList } from '../../../lib/lookups';
import { conversationKeys } from '../keys';

/** A chosen tag, or the name typed for a new one (freeSolo). */
type Choice = TagRef | string;

/**
 * The contact's tag box (spec 1 §2.7, §5): pick the company's tags or type a new one and press Enter.
 * POST /tags/sync sets the contact's tags to exactly the chosen ones, creating the typed names; a new
 * name under 3 characters is refused here with "Tag muito curta!" before anything is sent.
 */
export function ContactTagBox({ contact }: { contact: ContactView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tags = useTagList();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options: TagRef[] = (tags.data ?? []).filter((tag) => tag.kanban !== 1).map(({ id, name, color }) => ({ id, name, color }));

  const change = async (next: Choice[]) => {
    const typed = next.filter((v): v is string => typeof v === 'string').map((name) => name.trim());
    if (typed.some((name) => name.length < TAG_NAME_MIN)) return setError(t('validation.tagTooShort'));
    setError(null);
    setBusy(true);
    try {
      const body = { contactId: contact.id, tags: next.map((v) => (typeof v === 'string' ? { name: v.trim() } : { id: v.id })) };
      const saved = await api.post<{ tags: TagRef[] }>('/tags/sync', body);
      qc.setQueryData<ContactView>(conversationKeys.contact(contact.id), (c) => (c ? { ...c, tags: saved.tags } : c));
      // A typed name may have made a new tag: the pickers' list learns it.
      if (typed.length > 0) await tags.refetch();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Autocomplete<Choice, true, false, true>
      multiple
      freeSolo
      size="small"
      options={options}
      value={contact.tags}
      disabled={busy}
      onChange={(_, v) => void change(v)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      isOptionEqualToValue={(a, b) => typeof a !== 'string' && typeof b !== 'string' && a.id === b.id}
      renderValue={(value, getItemProps) =>
        value.map((tag, index) => {
          const { key, ...props } = getItemProps({ index });
          return typeof tag === 'string' ? (
            <Chip key={key} {...props} size="small" label={tag} />
          ) : (
            <Chip key={key} {...props} size="small" label={tag.name} sx={coloredSx(tag.color)} />
          );
        })
      }
      renderOption={(props, tag) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {typeof tag !== 'string' && (
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, mr: 1 }} />
            )}
            {typeof tag === 'string' ? tag : tag.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('conversation.contact.tags')}
          placeholder={t('conversation.contact.tagsPlaceholder')}
          error={!!error}
          helperText={error ?? undefined}
        />
      )}
      data-testid="contact-tags"
    />
  );
}
