import { useSelector } from '@xstate/react';
import { Pencil, Plus, Sparkles, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Profile } from '../../../../api/users';
import type { ProfileActorRef } from '../../../../machines/people/profile/profile.machine';
import type { ProfileHobbiesActorRef } from '../../../../machines/people/profile/profileHobbies.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { cardClass, cardTitle, mutedText } from './card';
import { hobbiesFormOf, showsAboutCard } from '../../../../machines/people/profile/profile.connect';
import {
  isSavingHobbies,
  selectHobbies,
  selectHobbiesError,
  selectHobbyDraft,
  selectHobbyDraftError,
} from '../../../../machines/people/profile/profileHobbies.connect';

const chip =
  'inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 text-sm font-medium text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100';

/** The member's personal hobbies; the owner edits the list. */
export function HobbiesCard({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const form = useSelector(actor, hobbiesFormOf);
  if (form) return <HobbiesForm form={form} />;
  if (!showsAboutCard(profile, profile.hobbies.length > 0)) return null;
  return (
    <section aria-labelledby="hobbies-title" className={cardClass}>
      <h2 id="hobbies-title" className={cardTitle}>
        Hobbies
      </h2>
      {profile.hobbies.length === 0 ? <p className={mutedText}>Share what you enjoy doing.</p> : null}
      {profile.hobbies.length ? (
        <ul aria-labelledby="hobbies-title" className="flex flex-wrap gap-2">
          {profile.hobbies.map((hobby) => (
            <li key={hobby} className={`${chip} px-3`}>
              <Sparkles aria-hidden="true" size={14} />
              {hobby}
            </li>
          ))}
        </ul>
      ) : null}
      {profile.isOwner ? (
        <div>
          <Button size="sm" variant="secondary" icon={<Pencil size={14} />} onPress={() => actor.send({ type: 'profile.editHobbies' })}>
            Edit hobbies
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function HobbiesForm({ form }: { form: ProfileHobbiesActorRef }) {
  const hobbies = useSelector(form, selectHobbies);
  const draft = useSelector(form, selectHobbyDraft);
  const draftError = useSelector(form, selectHobbyDraftError);
  const error = useSelector(form, selectHobbiesError);
  const saving = useSelector(form, isSavingHobbies);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'hobbies.submit' });
  };
  return (
    <Form aria-label="Hobbies" onSubmit={submit} className={cardClass}>
      {hobbies.length ? (
        <ul aria-label="Your hobbies" className="flex flex-wrap gap-2">
          {hobbies.map((hobby) => (
            <li key={hobby} className={`${chip} pr-1 pl-3`}>
              {hobby}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${hobby}`}
                isDisabled={saving}
                onPress={() => form.send({ type: 'hobbies.remove', hobby })}
              >
                <X aria-hidden="true" size={14} />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>No hobbies yet.</p>
      )}
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label="Add a hobby"
          value={draft}
          isDisabled={saving}
          errorMessage={draftError}
          placeholder="e.g. Climbing"
          onChange={(value) => form.send({ type: 'hobbies.draft', value })}
          onKeyDown={(e) => {
            // Enter adds to the list; the Save button sends it.
            if (e.key === 'Enter') {
              e.preventDefault();
              form.send({ type: 'hobbies.add' });
            }
          }}
        />
        <Button variant="secondary" icon={<Plus size={16} />} isDisabled={saving} onPress={() => form.send({ type: 'hobbies.add' })}>
          Add
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" isDisabled={saving} onPress={() => form.send({ type: 'hobbies.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save hobbies'}
        </Button>
      </div>
    </Form>
  );
}
