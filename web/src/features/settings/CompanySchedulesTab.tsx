import { type CompanySchedulesView, CompanySchedulesInput, type QueueScheduleItem, QUEUE_DEFAULT_SCHEDULES } from '@chatflow/contract';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { SchedulesEditor } from '../../components/SchedulesEditor';
import { api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { settingKeys } from './hooks';

const schedulesKey = (companyId: number) => ['companies', companyId, 'schedules'] as const;

/**
 * "Horários" (spec 2 "Settings"): the company's service hours, used when scheduleType is 'company'.
 * A company without hours starts from the defaults (08:00-12:00 and 13:00-18:00); saving stores them.
 */
export function CompanySchedulesTab() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const companyId = user?.companyId ?? 0;
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: schedulesKey(companyId),
    queryFn: () => api.get<CompanySchedulesView>(`/companies/${companyId}/schedules`),
    enabled: companyId > 0,
  });
  const [draft, setDraft] = useState<QueueScheduleItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setDraft(query.data.schedules.length ? query.data.schedules : QUEUE_DEFAULT_SCHEDULES.map((s) => ({ ...s })));
  }, [query.data]);

  const save = useMutation({
    mutationKey: settingKeys.update,
    mutationFn: (schedules: QueueScheduleItem[]) => api.put<CompanySchedulesView>(`/companies/${companyId}/schedules`, { schedules }),
    onSuccess: (saved) => {
      qc.setQueryData(schedulesKey(companyId), { id: saved.id, schedules: saved.schedules });
      notify(t('settings.schedules.saved'));
    },
    onError: toastError,
  });

  const submit = () => {
    const parsed = CompanySchedulesInput.safeParse({ schedules: draft });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.slice(1).join('.'), t(i.message)])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data.schedules);
  };

  if (query.isLoading)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (query.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('settings.schedules.hint')}
        </Typography>
        <SchedulesEditor value={draft} onChange={setDraft} errors={errors} />
        <Box>
          <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="company-schedules-save">
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
