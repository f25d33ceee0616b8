import { useSelector } from '@xstate/react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import { selectRunning, selectSettings, selectUploading } from '../../../machines/groups/group.connect';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { CategoryPicker, GroupImageField, TagsField } from '../GroupFields';
import { PrivacyChooser } from '../PrivacyChooser';

/**
 * The group's information as its admin edits it: the create-group fields with the same
 * messages, the image uploaded as soon as it is chosen, Save.
 */
export function GroupSettingsForm({ actor }: { actor: GroupActorRef }) {
  const form = useSelector(actor, selectSettings);
  const uploading = useSelector(actor, selectUploading);
  const running = useSelector(actor, selectRunning);
  // Fields wait while any action runs: the chart takes edits only between actions.
  const busy = running !== null;
  const saving = running === 'saving';

  return (
    <form
      aria-labelledby="group-settings-title"
      noValidate
      className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'group.settings.save' });
      }}
    >
      <h2 id="group-settings-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Group information
      </h2>
      {form.errors.form ? <Alert tone="error">{form.errors.form}</Alert> : null}
      <TextField
        label="Group name"
        value={form.name}
        isRequired
        isDisabled={busy}
        errorMessage={form.errors.name}
        onChange={(value) => actor.send({ type: 'group.settings.name', value })}
      />
      <TextField
        label="Description"
        value={form.description}
        isDisabled={busy}
        onChange={(value) => actor.send({ type: 'group.settings.description', value })}
      />
      <PrivacyChooser
        value={form.privacy}
        isDisabled={busy}
        onChange={(privacy) => actor.send({ type: 'group.settings.privacy', privacy })}
      />
      <CategoryPicker
        id="settings-category"
        selected={form.categories}
        error={form.errors.category}
        isDisabled={busy}
        onToggle={(category) => actor.send({ type: 'group.settings.category', category })}
      />
      <TagsField
        draft={form.tagDraft}
        tags={form.tags}
        error={form.errors.tag}
        isDisabled={busy}
        listLabel="Group tags"
        onDraft={(value) => actor.send({ type: 'group.settings.tagDraft', value })}
        onAdd={() => actor.send({ type: 'group.settings.tagAdd' })}
        onRemove={(tag) => actor.send({ type: 'group.settings.tagRemove', tag })}
      />
      <GroupImageField
        preview={form.preview}
        uploading={uploading}
        isDisabled={busy}
        onImage={(dataUrl) => actor.send({ type: 'group.settings.image', dataUrl })}
        onRemove={() => actor.send({ type: 'group.settings.imageRemove' })}
      />
      <div className="flex justify-end">
        <Button type="submit" isDisabled={busy || uploading}>
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
