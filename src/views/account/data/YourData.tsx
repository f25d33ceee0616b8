import { useSelector } from '@xstate/react';
import { Download, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { DataExport } from '../../../api/account/data';
import { DELETION_GRACE_DAYS, EXPORT_KEEP_DAYS } from '../../../api/account/words';
import type { AccountDataActorRef } from '../../../machines/account/accountData.machine';
import {
  canDownload,
  hasDeletionFailed,
  hasExportFailed,
  isCancelling,
  isConfirmingDeletion,
  isDeletionCodeNeeded,
  isDeletionLoading,
  isExportLoading,
  isLinking,
  isPreparing,
  isScheduling,
  selectDeletion,
  selectDeletionError,
  selectExport,
  selectExportError,
} from '../../../machines/account/accountData.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog, ConfirmText } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { Skeleton } from '../../ui/Skeleton';
import { useAccountDataLogic } from './AccountDataLogic';
import { whenText } from './whenText';

const card = 'flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900';
const muted = 'text-sm text-neutral-600 dark:text-neutral-400';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Settings > Your data: download an archive of everything, or delete the account. */
export function YourData() {
  const logic = useAccountDataLogic();
  const actor = useScreenActor(logic.accountData, { input: { withExport: true } });
  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-3">
      <div>
        <h2 id="your-data-title" className="font-semibold text-neutral-900 dark:text-white">
          Your data
        </h2>
        <p className={muted}>Take a copy of what you shared on Stoa, or leave for good.</p>
      </div>
      <ExportCard actor={actor} />
      <DeletionCard actor={actor} />
    </section>
  );
}

function exportLine(item: DataExport): string {
  switch (item.status) {
    case 'preparing':
      return 'Preparing your data. We will notify you when it is ready; you can leave this page.';
    case 'ready':
      return `Ready since ${whenText(item.readyAt!)} (${sizeText(item.size)}). You can download it until ${whenText(item.expiresAt!)}.`;
    case 'failed':
      return item.error;
  }
}

function ExportCard({ actor }: { actor: AccountDataActorRef }) {
  const loading = useSelector(actor, isExportLoading);
  const failed = useSelector(actor, hasExportFailed);
  const item = useSelector(actor, selectExport);
  const error = useSelector(actor, selectExportError);
  const preparing = useSelector(actor, isPreparing);
  const linking = useSelector(actor, isLinking);
  const downloadable = useSelector(actor, canDownload);
  if (loading) return <Skeleton className="h-32 w-full rounded-2xl" />;
  if (failed)
    return (
      <LoadError title="Could not load your data settings" onRetry={() => actor.send({ type: 'accountData.retry' })}>
        {error}
      </LoadError>
    );
  return (
    <div className={card}>
      <div>
        <h3 className="font-semibold text-neutral-900 dark:text-white">Download your data</h3>
        <p className={muted}>
          An archive (zip) of your profile, posts, questions, answers, comments, reactions, saved posts, follows, blocks, groups, messages,
          notifications, reports and media files, with a README explaining each file. It stays available for {EXPORT_KEEP_DAYS} days.
        </p>
      </div>
      {item ? (
        <p role="status" className="text-sm text-neutral-800 dark:text-neutral-200">
          {exportLine(item)}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {downloadable || linking ? (
          <Button icon={<Download size={16} />} isPending={linking} onPress={() => actor.send({ type: 'accountData.download' })}>
            {linking ? 'Downloading...' : 'Download archive'}
          </Button>
        ) : null}
        <Button
          variant={downloadable ? 'secondary' : 'primary'}
          isPending={preparing}
          className="data-[pending]:opacity-60"
          onPress={() => actor.send({ type: 'accountData.prepare' })}
        >
          {preparing ? 'Preparing your data...' : item ? 'Prepare a new archive' : 'Download your data'}
        </Button>
      </div>
    </div>
  );
}

function DeletionCard({ actor }: { actor: AccountDataActorRef }) {
  const loading = useSelector(actor, isDeletionLoading);
  const failed = useSelector(actor, hasDeletionFailed);
  const deletion = useSelector(actor, selectDeletion);
  const error = useSelector(actor, selectDeletionError);
  const confirming = useSelector(actor, isConfirmingDeletion);
  const scheduling = useSelector(actor, isScheduling);
  const cancelling = useSelector(actor, isCancelling);
  const codeNeeded = useSelector(actor, isDeletionCodeNeeded);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  if (loading) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (failed) return null;
  return (
    <div className={card}>
      <div>
        <h3 className="font-semibold text-neutral-900 dark:text-white">Delete account</h3>
        <p className={muted}>
          Your account is deleted {DELETION_GRACE_DAYS} days after you ask; signing in before then lets you cancel. Then your posts,
          comments, answers, reactions, media, messages, follows and memberships go for good. Download your data first if you want a copy.
        </p>
      </div>
      {deletion ? (
        <>
          <Alert tone="warning">Your account will be deleted on {whenText(deletion.deleteAfter)}.</Alert>
          <div>
            <Button
              variant="secondary"
              icon={<Undo2 size={16} />}
              isPending={cancelling}
              onPress={() => actor.send({ type: 'accountData.cancelDeletion' })}
            >
              {cancelling ? 'Cancelling...' : 'Cancel deletion'}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button
            variant="danger"
            icon={<Trash2 size={16} />}
            onPress={() => {
              setPassword('');
              setCode('');
              actor.send({ type: 'accountData.askDelete' });
            }}
          >
            Delete account
          </Button>
        </div>
      )}
      {error && !confirming ? <Alert tone="error">{error}</Alert> : null}
      <ConfirmDialog
        isOpen={confirming}
        busy={scheduling}
        title="Delete your account?"
        error={error}
        confirmLabel="Delete account"
        busyLabel="Scheduling..."
        confirmIcon={<Trash2 size={16} />}
        confirmDisabled={password === '' || (codeNeeded && code.trim() === '')}
        focusCancel={false}
        onConfirm={() => actor.send({ type: 'accountData.confirmDelete', password, ...(codeNeeded ? { code } : {}) })}
        onCancel={() => actor.send({ type: 'accountData.closeDelete' })}
      >
        <ConfirmText>
          Your account will be deleted in {DELETION_GRACE_DAYS} days. Until then you can sign in and cancel. Enter your password
          {codeNeeded ? ' and a code from your authenticator app' : ''} to confirm.
        </ConfirmText>
        <PasswordField label="Password" name="password" value={password} onChange={setPassword} autoFocus isRequired />
        {codeNeeded ? (
          <TextField
            label="Code from your authenticator app"
            name="code"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            isRequired
          />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
