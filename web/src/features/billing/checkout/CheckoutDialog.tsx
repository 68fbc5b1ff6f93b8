import { CheckoutForm, type InvoiceView, type SubscriptionResult } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form-errors';
import { notify } from '../../../lib/notify';
import { useCheckoutPlans, useSubscribe } from '../hooks/use-invoices';
import {
  CHECKOUT_STEPS,
  type CheckoutStep,
  type CheckoutValues,
  initialCheckoutValues,
  STEP_FIELDS,
  toSubscriptionInput,
} from './checkout-form';
import { CustomizeStep } from './CustomizeStep';
import { DataStep } from './DataStep';
import { PaymentStep } from './PaymentStep';
import { ReviewStep } from './ReviewStep';

interface Props {
  /** The invoice being paid; null pays the company's next one (the /subscription page). */
  invoice: InvoiceView | null;
  email: string;
  /** The renewal text once the payment webhook arrived (usePaymentRealtime). */
  renewed: string | null;
  onClose(): void;
}

/**
 * The checkout wizard (spec 2 §4 Checkout): Dados, Personalizar, Revisar; the submit on Revisar creates
 * the subscription (POST /subscription) and the payment step shows how to pay. Back is always offered.
 */
export default function CheckoutDialog({ invoice, email, renewed, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const plans = useCheckoutPlans();
  const subscribe = useSubscribe();
  const [step, setStep] = useState<CheckoutStep>('data');
  const [result, setResult] = useState<SubscriptionResult | null>(null);
  const {
    control,
    register,
    trigger,
    watch,
    setValue,
    setError,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutValues>({
    resolver: zodResolver(CheckoutForm) as unknown as Resolver<CheckoutValues>,
    defaultValues: initialCheckoutValues(email, invoice),
    mode: 'onTouched',
  });
  const values = watch();
  const planList = plans.data ?? [];
  const index = step === 'payment' ? CHECKOUT_STEPS.length : CHECKOUT_STEPS.indexOf(step);

  const next = async () => {
    if (step === 'payment') return;
    if (!(await trigger(STEP_FIELDS[step]))) return;
    if (step === 'data') setStep('customize');
    else if (step === 'customize') setStep('review');
  };
  const back = () => {
    if (step === 'customize') setStep('data');
    else if (step === 'review') setStep('customize');
  };
  const submit = handleSubmit(async (v) => {
    try {
      const answer = await subscribe.mutateAsync(toSubscriptionInput(v, planList, invoice?.id ?? null));
      setResult(answer);
      setStep('payment');
      notify(t('billing.checkout.created'));
    } catch (err) {
      // Field errors belong to the data step: go back there so they show.
      applyServerErrors(err, setError);
      if (Object.keys(errors).length > 0) setStep('data');
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} scroll="paper" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{t('billing.checkout.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        sx={{ display: 'contents' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'review') void submit();
          else void next();
        }}
      >
        <DialogContent dividers>
          <Stepper activeStep={index} alternativeLabel sx={{ mb: 3 }}>
            {[...CHECKOUT_STEPS, 'payment' as const].map((s) => (
              <Step key={s}>
                <StepLabel>{t(`billing.checkout.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 'data' && <DataStep control={control} register={register} errors={errors} plans={planList} />}
          {step === 'customize' && (
            <CustomizeStep values={values} plans={planList} onChange={(field, v) => setValue(field, v, { shouldValidate: true })} />
          )}
          {step === 'review' && <ReviewStep values={values} plans={planList} />}
          {step === 'payment' && result && <PaymentStep result={result} renewed={renewed} />}
        </DialogContent>
        <DialogActions>
          {step === 'payment' ? (
            <Button onClick={onClose}>{t('common.close')}</Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button onClick={back} disabled={step === 'data'} data-testid="checkout-back">
                {t('billing.checkout.back')}
              </Button>
              <Button type="submit" variant="contained" disabled={subscribe.isPending} data-testid="checkout-next">
                {subscribe.isPending ? (
                  <CircularProgress size={20} />
                ) : step === 'review' ? (
                  t('billing.checkout.submit')
                ) : (
                  t('billing.checkout.next')
                )}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
