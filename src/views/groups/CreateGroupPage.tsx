import { useActorRef, useSelector } from '@xstate/react';
import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { GROUP_CATEGORIES } from '../../api/constants';
import { journal } from '../../effects/journal';
import { asPngFile, createGroupLogic, readDataUrl } from '../../effects/groups';
import { selectIsSubmitting, selectIsUploading } from '../../machines/createGroup.machine';
import { useApp } from '../AppContext';
import { Button } from '../components/Button';
import { Checkbox } from '../components/Checkbox';
import { fieldErrorText, TextField } from '../components/TextField';
import { useSessionProfile } from '../layouts/useShell';
import { InviteMembers } from './InviteMembers';
import { PrivacyChooser } from './PrivacyChooser';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
      <h2 id={id} className="text-lg font-semibold text-neutral-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /create-group: Create New Group (spec section 2). */
export default function CreateGroupPage() {
  const app = useApp();
  const me = useSessionProfile();
  const logic = useMemo(() => createGroupLogic(app), [app]);
  const actor = useActorRef(logic, { input: { currentUserId: me?._id ?? '' }, inspect: journal.inspect });
  const c = useSelector(actor, (s) => s.context);
  const submitting = useSelector(actor, selectIsSubmitting);
  const uploading = useSelector(actor, selectIsUploading);
  // Submitting, or created and about to leave for the group's page.
  const busy = useSelector(actor, (s) => !s.matches({ form: 'editing' }));

  const chooseImage = async (file: File | undefined) => {
    const png = file ? asPngFile(file) : null;
    if (!png) return;
    actor.send({ type: 'group.image', dataUrl: await readDataUrl(png) });
  };

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
        <fieldset className="flex flex-col gap-2" aria-describedby={c.errors.category ? 'category-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-neutral-800 dark:text-neutral-200">Categories</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {GROUP_CATEGORIES.map((category) => (
              <Checkbox
                key={category}
                isSelected={c.categories.includes(category)}
                isDisabled={busy}
                onChange={() => actor.send({ type: 'group.category', category })}
              >
                {category}
              </Checkbox>
            ))}
          </div>
          {c.errors.category ? (
            <p id="category-error" role="alert" className={fieldErrorText}>
              {c.errors.category}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-2">
          <div className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label="Tags"
              value={c.tagDraft}
              isDisabled={busy}
              errorMessage={c.errors.tag}
              placeholder="Add a tag and press Enter"
              onChange={(value) => actor.send({ type: 'group.tagDraft', value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  actor.send({ type: 'group.tagAdd' });
                }
              }}
            />
            <Button variant="secondary" icon={<Plus size={16} />} isDisabled={busy} onPress={() => actor.send({ type: 'group.tagAdd' })}>
              Add
            </Button>
          </div>
          {c.tags.length ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {c.tags.map((tag) => (
                <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-sm dark:bg-neutral-800">
                  {tag}
                  <Button size="sm" variant="ghost" aria-label={`Remove tag ${tag}`} isDisabled={busy} onPress={() => actor.send({ type: 'group.tagRemove', tag })}>
                    <X aria-hidden="true" size={14} />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Section>

      <Section id="privacy-title" title="Privacy">
        <PrivacyChooser value={c.privacy} isDisabled={busy} onChange={(privacy) => actor.send({ type: 'group.privacy', privacy })} />
      </Section>

      <Section id="image-title" title="Group Image">
        <div className="flex items-center gap-4">
          {c.preview ? (
            <img src={c.preview} alt="Group image preview" className="size-24 rounded-2xl object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-500 dark:bg-neutral-800">
              <ImagePlus size={32} />
            </span>
          )}
          <div className="flex flex-col gap-2">
            <FileTrigger acceptedFileTypes={['image/*']} onSelect={(files) => void chooseImage(files?.[0])}>
              <Button variant="secondary" isDisabled={busy || uploading}>
                {uploading ? 'Uploading...' : c.preview ? 'Change image' : 'Choose image'}
              </Button>
            </FileTrigger>
            {c.preview && !uploading ? (
              <Button variant="ghost" size="sm" icon={<Trash2 size={16} />} isDisabled={busy} onPress={() => actor.send({ type: 'group.imageRemove' })}>
                Remove image
              </Button>
            ) : null}
          </div>
        </div>
      </Section>

      <div className="rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
        <InviteMembers actor={actor} isDisabled={busy} />
      </div>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" isDisabled={submitting} onPress={() => actor.send({ type: 'group.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={busy || uploading}>
          {submitting ? 'Creating...' : 'Create Group'}
        </Button>
      </div>
    </form>
  );
}
