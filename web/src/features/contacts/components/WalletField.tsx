import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useWalletUserOptions } from '../hooks/use-contact-wallet';

export interface WalletUser {
  id: number;
  name: string;
}

interface Props {
  value: WalletUser[];
  onChange(users: WalletUser[]): void;
  /** Only admins change a wallet (PUT /contacts/:id/wallets); others see who owns the contact. */
  readOnly: boolean;
  disabled?: boolean;
}

/**
 * The contact's wallet (carteira): the agents who own the customer. With the company setting
 * DirectTicketsToWallets on, the contact's new tickets go to the first of them, so the order shown
 * is the order chosen. A multiple choice of the company's agents, typed to filter, keyboard friendly.
 */
export function WalletField({ value, onChange, readOnly, disabled }: Props) {
  const { t } = useTranslation();
  const options = useWalletUserOptions(!readOnly);
  return (
    <Autocomplete
      multiple
      options={options.data ?? []}
      value={value}
      onChange={(_, users) => onChange(users)}
      getOptionLabel={(u) => u.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isLoading}
      readOnly={readOnly}
      disabled={disabled}
      noOptionsText={t('contacts.wallet.noUsers')}
      loadingText={t('common.loading')}
      renderValue={(users, getItemProps) =>
        users.map((u, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={index === 0 ? `${u.name} · ${t('contacts.wallet.first')}` : u.name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('contacts.wallet.label')}
          placeholder={readOnly || value.length ? undefined : t('contacts.wallet.placeholder')}
          helperText={value.length === 0 ? t('contacts.wallet.empty') : t('contacts.wallet.help')}
        />
      )}
    />
  );
}
