import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerChoice, SearchPicker } from '../../../components/SearchPicker';
import { useAttendantName, useAttendantSearch } from '../hooks/use-attendant-search';

interface Props {
  /** The chosen user's id, '' for none. */
  value: number | '';
  onChange(id: number | ''): void;
  onBlur?(): void;
  error?: string;
}

/**
 * An attendant option's target: searched by name or e-mail on the server from 3 typed characters,
 * instead of a list of every user of the company.
 */
export function AttendantPicker({ value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const chosenId = value === '' ? null : Number(value);
  const chosen = useAttendantName(chosenId);
  const search = useAttendantSearch(typed);
  const options: PickerChoice[] = (search.data?.users ?? []).map((u) => ({ id: u.id, name: u.name, detail: u.email }));
  const current: PickerChoice | null =
    chosenId === null ? null : (options.find((o) => o.id === chosenId) ?? { id: chosenId, name: chosen.data?.name ?? `#${chosenId}` });
  return (
    <SearchPicker
      size="small"
      value={current}
      onChange={(next) => onChange(next ? next.id : '')}
      onBlur={onBlur}
      options={options}
      loading={search.isFetching}
      typed={typed}
      onType={setTyped}
      label={t('queues.chatbot.targets.attendent')}
      placeholder={t('queues.chatbot.attendantPlaceholder')}
      searchHint={t('queues.chatbot.attendantSearch')}
      noneText={t('queues.chatbot.noAttendants')}
      testId="chatbot-option-attendant"
      error={error}
    />
  );
}
