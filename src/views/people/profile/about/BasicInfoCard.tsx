import { useSelector } from '@xstate/react';
import { Briefcase, GraduationCap, MapPin, Pencil, Quote } from 'lucide-react';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Profile } from '../../../../api/users';
import type { ProfileActorRef } from '../../../../machines/people/profile/profile.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { cardClass, mutedText } from './card';
import { showsAboutCard } from '../../../../machines/people/profile/profile.connect';
import { isEditingInfo, isSavingInfo, selectInfoDraft, selectInfoError } from '../../../../machines/people/profile/profile.connect';

const INFO_FIELDS = [
  { key: 'work', label: 'Work', icon: Briefcase },
  { key: 'school', label: 'School', icon: GraduationCap },
  { key: 'location', label: 'Location', icon: MapPin },
  { key: 'quote', label: 'Quote', icon: Quote },
] as const;

/** Work, school, location and quote; the owner edits them in place. */
export function BasicInfoCard({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const editing = useSelector(actor, isEditingInfo);
  const saving = useSelector(actor, isSavingInfo);
  const infoError = useSelector(actor, selectInfoError);
  const draft = useSelector(actor, selectInfoDraft);
  const filled = INFO_FIELDS.filter((f) => profile.basicInfo[f.key]);
  if (!showsAboutCard(profile, filled.length > 0)) return null;
  if (editing) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'profile.saveInfo' });
    };
    return (
      <Form aria-label="Basic info" onSubmit={submit} className={cardClass}>
        {INFO_FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            value={draft[f.key]}
            onChange={(value) => actor.send({ type: 'profile.infoChange', field: f.key, value })}
          />
        ))}
        {infoError ? <Alert tone="error">{infoError}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" isDisabled={saving} onPress={() => actor.send({ type: 'profile.cancelEdit' })}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Form>
    );
  }
  return (
    <section aria-label="Basic info" className={cardClass}>
      {filled.length === 0 ? <p className={mutedText}>Tell others about yourself.</p> : null}
      {filled.map((f) => (
        <p key={f.key} className="flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200">
          <f.icon aria-hidden="true" size={16} />
          <span className="sr-only">{f.label}: </span>
          {profile.basicInfo[f.key]}
        </p>
      ))}
      {profile.isOwner ? (
        <div>
          <Button size="sm" variant="secondary" icon={<Pencil size={14} />} onPress={() => actor.send({ type: 'profile.editInfo' })}>
            Edit basic info
          </Button>
        </div>
      ) : null}
    </section>
  );
}
