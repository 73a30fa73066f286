/**
 * The public new-entity request wizard at '/' (spec 01 'New-entity request wizard', issue 9): five steps in one
 * react-admin Form (1 entity, 2 new-site data only for a new site, 3 legal representative, 4 webmaster with the
 * documents and the terms, 5 the summary of everything entered, captcha and submit), each checked with the shared
 * rules before going on; then the success text, or the spec's failure text. The sentence above the stepper counts the
 * steps it shows. Loaded lazily by the home page (src/pages/HomePage.tsx).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { activeSteps, effectiveSiteChoice, newSiteRequestPayload, type RequestFlow, type WizardSite, type WizardStep, type WizardValues } from '../../resources/newSiteRequest';
import { fetchCaptcha, type Captcha } from '../auth/authApi';
import { useText } from '../shared/useText';
import { DocumentsField, TermsAcceptance } from './DocumentsAndTerms';
import { fetchSiteTypes, fetchTerms, submitRequest, type RequestTerms, type SiteTypeOption } from './newSiteApi';
import { NewSiteDataStep } from './NewSiteDataStep';
import { ProfileStep } from './ProfileStep';
import { RequestSummary } from './RequestSummary';
import { requestSummary } from './requestSummary';
import { SiteStep, type PlaceNames } from './SiteStep';
import { stepErrors } from './stepErrors';
import { WizardCaptcha } from './WizardCaptcha';

const DEFAULTS: WizardValues = {
  requestType: null,
  parentLocationId: null,
  locationId: null,
  siteTypeId: null,
  siteId: null,
  site: { name: '', allowedUrl: '', address: '', latitude: null, longitude: null },
  legalRepresentative: {},
  webMaster: {},
  files: [],
  uploadSession: '',
  termsAccepted: false,
  captcha: '',
};

interface Outcome {
  kind: 'success' | 'failure';
  message: string;
  email?: string;
}

function WizardSteps({ onDone }: { onDone: (outcome: Outcome) => void }) {
  const text = useText();
  const { getValues, setError, clearErrors, setValue, watch } = useFormContext();
  const [siteTypes, setSiteTypes] = useState<SiteTypeOption[]>([]);
  const [sites, setSites] = useState<WizardSite[]>([]);
  const [placeNames, setPlaceNames] = useState<PlaceNames>({ department: null, municipality: null });
  const [terms, setTerms] = useState<RequestTerms | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [uploading, setUploading] = useState(0);
  const [index, setIndex] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void fetchSiteTypes().then(setSiteTypes, () => setSiteTypes([]));
    void fetchTerms().then(setTerms, () => setTerms(null));
  }, []);
  const reloadCaptcha = useCallback(() => {
    void fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);

  const flow = useWatch({ name: 'requestType' }) as RequestFlow | null;
  const siteTypeId = useWatch({ name: 'siteTypeId' }) as number | null;
  const siteId = useWatch({ name: 'siteId' }) as WizardValues['siteId'];
  // With no site to choose and a new site allowed, the new site is chosen for the applicant.
  const choice = effectiveSiteChoice(flow, siteTypeId == null ? null : Number(siteTypeId), sites, siteId === undefined || siteId === '' ? null : (siteId as number | 'new' | null));
  useEffect(() => {
    if (choice === 'new' && siteId !== 'new') setValue('siteId', 'new');
  }, [choice, siteId, setValue]);

  const steps = activeSteps(choice);
  const step: WizardStep = steps[Math.min(index, steps.length - 1)]!;
  useEffect(() => {
    heading.current?.focus();
    if (step === 'submit' && !captcha) reloadCaptcha();
  }, [step, captcha, reloadCaptcha]);

  const orderType = siteTypes.find((type) => type.id === Number(siteTypeId))?.orderType ?? null;
  const check = (): boolean => {
    const errors = stepErrors(step, getValues() as WizardValues, { sites, orderType, uploading });
    clearErrors();
    for (const [path, message] of Object.entries(errors)) setError(path, { type: 'manual', message });
    return Object.keys(errors).length === 0;
  };

  // Once a step's 'Siguiente' found errors, its messages follow every change (a corrected field loses its message at
  // once), as react-hook-form's own re-validation after a submit does.
  const [attempted, setAttempted] = useState<WizardStep | null>(null);
  const recheck = useRef(check);
  recheck.current = check;
  useEffect(() => {
    if (attempted !== step) return;
    const subscription = watch(() => {
      recheck.current();
    });
    return () => subscription.unsubscribe();
  }, [attempted, step, watch]);

  const next = () => {
    if (check()) setIndex((current) => Math.min(current + 1, steps.length - 1));
    else setAttempted(step);
  };
  const back = () => {
    clearErrors();
    setIndex((current) => Math.max(current - 1, 0));
  };
  const send = async () => {
    if (!check()) {
      setAttempted(step);
      return;
    }
    if (!terms || !captcha) return;
    setSubmitting(true);
    setFailure(null);
    const values = getValues() as WizardValues;
    try {
      await submitRequest(newSiteRequestPayload(values, { terms: terms.terms.version, dataTreatment: terms.dataTreatment.version }, captcha.captchaId));
      onDone({ kind: 'success', message: 'newSite.success.text', email: String(values.legalRepresentative?.email ?? '') });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      // A refusal the applicant can fix (4xx) shows its own message; anything else is the spec's failure text.
      setFailure(status >= 400 && status < 500 ? (error as Error).message || 'newSite.failure' : 'newSite.failure');
      reloadCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const summary =
    step === 'submit'
      ? requestSummary(getValues() as WizardValues, choice, { ...placeNames, siteType: siteTypes.find((type) => type.id === Number(siteTypeId))?.name ?? null, sites })
      : [];
  const edit = (target: WizardStep) => {
    clearErrors();
    setIndex(Math.max(0, steps.indexOf(target)));
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text('newSite.intro', { count: text(`newSite.step_counts.${steps.length}`) })}
      </Typography>
      {/* Scrolls on its own on a narrow screen instead of widening the page (five labels do not fit in 360 px). */}
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Stepper activeStep={steps.indexOf(step)} alternativeLabel sx={{ minWidth: steps.length * 84 }} aria-label={text('newSite.title')}>
          {steps.map((name) => (
            <Step key={name}>
              <StepLabel>{text(`newSite.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      <Typography variant="h6" component="h2" tabIndex={-1} ref={heading} sx={{ mb: 2, outline: 'none' }}>
        {text(`newSite.steps.${step}`)}
      </Typography>
      <Box hidden={step !== 'site'}>{step === 'site' && <SiteStep siteTypes={siteTypes} sites={sites} onSites={setSites} onPlaceNames={setPlaceNames} />}</Box>
      {step === 'newSite' && <NewSiteDataStep />}
      {step === 'legalRepresentative' && <ProfileStep kind="legalRepresentative" />}
      {step === 'webMaster' && (
        <>
          <ProfileStep kind="webMaster" />
          <DocumentsField onUploadingChange={setUploading} />
          <TermsAcceptance terms={terms} />
        </>
      )}
      {step === 'submit' && (
        <Stack spacing={3}>
          <RequestSummary sections={summary} onEdit={edit} />
          <WizardCaptcha captcha={captcha} onReload={reloadCaptcha} />
        </Stack>
      )}
      {uploading > 0 && (
        <Alert severity="info" sx={{ mt: 2 }} role="status">
          {text('newSite.files.wait')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {text(failure)}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }} justifyContent="space-between">
        <Button onClick={back} disabled={index === 0 || submitting}>
          {text('newSite.actions.back')}
        </Button>
        {step === 'submit' ? (
          <Button variant="contained" onClick={() => void send()} disabled={submitting} startIcon={submitting ? <CircularProgress size={18} /> : undefined}>
            {text('newSite.actions.submit')}
          </Button>
        ) : (
          <Button variant="contained" onClick={next}>
            {text('newSite.actions.next')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function NewSiteWizard() {
  const text = useText();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [round, setRound] = useState(0);
  if (outcome?.kind === 'success') {
    return (
      <Stack spacing={2} role="status">
        <Typography variant="h6" component="h2">
          {text('newSite.success.title')}
        </Typography>
        <Typography>{text(outcome.message, { email: outcome.email })}</Typography>
        <Box>
          <Button
            variant="outlined"
            onClick={() => {
              setOutcome(null);
              setRound((current) => current + 1);
            }}
          >
            {text('newSite.actions.again')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Form key={round} defaultValues={DEFAULTS} noValidate onSubmit={() => undefined}>
      <WizardSteps onDone={setOutcome} />
    </Form>
  );
}
