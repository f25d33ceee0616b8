import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  canCancel,
  canSubmit,
  selectForm,
  selectIsBusy,
  selectIsSubmitting,
  selectIsUploading,
} from '../../machines/groups/createGroup.connect';
import { useScreenActor } from '../shared/useScreenActor';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useSessionProfile } from '../layouts/useShell';
import { CategoryPicker, GroupImageField, TagsField } from './GroupFields';
import { InviteMembers } from './InviteMembers';
import { PrivacyChooser } from './PrivacyChooser';
import { useGroupsLogic } from './GroupsLogic';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={id} className="text-lg font-semibold text-neutral-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /create-group: Create New Group (spec section 2). */
export default function CreateGroupPage() {
  const me = useSessionProfile();
  const { createGroup } = useGroupsLogic();
  const actor = useScreenActor(createGroup, { input: { currentUserId: me?._id ?? '' } });
  const c = useSelector(actor, selectForm);
  const submitting = useSelector(actor, selectIsSubmitting);
  const uploading = useSelector(actor, selectIsUploading);
  const busy = useSelector(actor, selectIsBusy);
  const submittable = useSelector(actor, canSubmit);
  const cancellable = useSelector(actor, canCancel);

  return (
    <form
      className="mx-auto flex max-w-3xl flex-col gap-6"
      aria-labelledby="create-group-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'group.submit' });
      }}
    >
      <h1 id="create-group-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        Create New Group
      </h1>

      <Section id="basic-title" title="Basic Information">
        <TextField
          label="Group name"
          value={c.name}
          isRequired
          isDisabled={busy}
          errorMessage={c.errors.name}
          onChange={(value) => actor.send({ type: 'group.name', value })}
        />
        <TextField
          label="Description"
          value={c.description}
          isDisabled={busy}
          onChange={(value) => actor.send({ type: 'group.description', value })}
        />
        <CategoryPicker
          id="category"
          selected={c.categories}
          error={c.errors.category}
          isDisabled={busy}
          onToggle={(category) => actor.send({ type: 'group.category', category })}
        />
        <TagsField
          draft={c.tagDraft}
          tags={c.tags}
          error={c.errors.tag}
          isDisabled={busy}
          listLabel="Tags"
          onDraft={(value) => actor.send({ type: 'group.tagDraft', value })}
          onAdd={() => actor.send({ type: 'group.tagAdd' })}
          onRemove={(tag) => actor.send({ type: 'group.tagRemove', tag })}
        />
      </Section>

      <Section id="privacy-title" title="Privacy">
        <PrivacyChooser value={c.privacy} isDisabled={busy} onChange={(privacy) => actor.send({ type: 'group.privacy', privacy })} />
      </Section>

      <Section id="image-title" title="Group Image">
        <GroupImageField
          preview={c.preview}
          uploading={uploading}
          isDisabled={busy}
          onImage={(dataUrl) => actor.send({ type: 'group.image', dataUrl })}
          onRemove={() => actor.send({ type: 'group.imageRemove' })}
        />
      </Section>

      <div className="rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
        <InviteMembers actor={actor} isDisabled={busy} />
      </div>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" isDisabled={!cancellable} onPress={() => actor.send({ type: 'group.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!submittable}>
          {submitting ? 'Creating...' : 'Create Group'}
        </Button>
      </div>
    </form>
  );
}
