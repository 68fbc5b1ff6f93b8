import type { CompanyView } from '@chatflow/contract';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Divider, InputAdornment, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { toastError } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import { CompaniesTable } from './CompaniesTable';
import { CompanyForm } from './CompanyForm';
import { CompanyUserDialog } from './CompanyUserDialog';
import { useCompaniesPage, useDeleteCompany, useRenewCompany } from './hooks';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { useEditing } from '../../components/use-editing';

/** The super user's companies screen: form on top, searchable infinite table below. */
export function CompaniesManager() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const form = useEditing<CompanyView>('/companies');
  const deleting = useConfirmTarget<CompanyView>();
  const renewing = useConfirmTarget<CompanyView>();
  const addingUser = useConfirmTarget<CompanyView>();
  const remove = useDeleteCompany();
  const renew = useRenewCompany();

  const term = useDebounced(search); // spec 2 §9: 500 ms after typing
  const query = useCompaniesPage(term);
  const companies = useMemo(() => query.data?.pages.flatMap((p) => p.companies) ?? [], [query.data]);
  const count = query.data?.pages[0]?.count ?? 0;
  const scroll = useLoadMoreOnScroll(query, companies.length);

  const confirmDelete = async () => {
    const company = deleting.target;
    if (!company) return;
    try {
      await remove.mutateAsync(company.id);
      notify(t('companies.toasts.deleted'));
      if (form.editing?.id === company.id) form.done();
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const confirmRenew = async () => {
    const company = renewing.target;
    if (!company) return;
    try {
      const renewed = await renew.mutateAsync(company.id);
      notify(t('companies.toasts.renewed', { date: formatDate(renewed.dueDate) }));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <CompanyForm key={form.formKey} editing={form.editing} onDone={form.done} />
      </Paper>
      {/* minWidth 0: a flex child as wide as its table would push the actions off the right edge. */}
      <Paper variant="outlined" sx={{ minWidth: 0, maxWidth: '100%' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            type="search"
            placeholder={t('companies.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            // Wide enough for the whole placeholder next to the icon.
            sx={{ minWidth: { sm: 340 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('common.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" color="text.secondary">
            {t('companies.table.count', { count })}
          </Typography>
        </Stack>
        <Divider />
        {query.isFetching && <LinearProgress />}
        {query.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('common.loadError')}
          </Alert>
        )}
        <Box ref={scroll.ref} onScroll={scroll.onScroll} sx={{ maxHeight: '65vh', overflow: 'auto', maxWidth: '100%' }}>
          <CompaniesTable
            companies={companies}
            loading={query.isLoading}
            failed={query.isError}
            onEdit={form.edit}
            onDelete={deleting.ask}
            onRenew={renewing.ask}
            onAddUser={addingUser.ask}
          />
        </Box>
      </Paper>

      <ConfirmationDialog
        open={deleting.open}
        title={t('companies.confirm.deleteTitle', { name: deleting.target?.name ?? '' })}
        onClose={deleting.close}
        onConfirm={confirmDelete}
      >
        {t('companies.confirm.deleteText')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={renewing.open}
        title={t('companies.confirm.renewTitle', { name: renewing.target?.name ?? '' })}
        onClose={renewing.close}
        onConfirm={confirmRenew}
        confirmLabel={t('companies.buttons.renew')}
      >
        {t('companies.confirm.renewText', { recurrence: renewing.target ? t(`companies.recurrences.${renewing.target.recurrence}`) : '' })}
      </ConfirmationDialog>
      <CompanyUserDialog open={addingUser.open} company={addingUser.target} onClose={addingUser.close} />
    </Stack>
  );
}
