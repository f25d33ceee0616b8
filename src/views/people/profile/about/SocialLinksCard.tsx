import { useSelector } from '@xstate/react';
import { ExternalLink, Link2, Pencil } from 'lucide-react';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { SOCIAL_NETWORKS, type Profile, type SocialNetwork } from '../../../../api/users';
import type { ProfileActorRef } from '../../../../machines/people/profile/profile.machine';
import type { ProfileLinksActorRef } from '../../../../machines/people/profile/profileLinks.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { cardClass, cardTitle, mutedText } from './card';
import { linksFormOf, showsAboutCard } from '../../../../machines/people/profile/profile.connect';
import {
  isSavingLinks,
  selectLinkErrors,
  selectLinksDraft,
  selectLinksError,
} from '../../../../machines/people/profile/profileLinks.connect';

export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

/** The member's social links; the owner edits them (each an http(s) address, or empty). */
export function SocialLinksCard({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const form = useSelector(actor, linksFormOf);
  const links = SOCIAL_NETWORKS.filter((network) => profile.social[network]);
  if (form) return <LinksForm form={form} />;
  if (!showsAboutCard(profile, links.length > 0)) return null;
  return (
    <section aria-labelledby="links-title" className={cardClass}>
      <h2 id="links-title" className={cardTitle}>
        Social links
      </h2>
      {links.length === 0 ? <p className={mutedText}>Add where else people can find you.</p> : null}
      {links.length ? (
        <ul className="flex flex-wrap gap-2">
          {links.map((network) => (
            <li key={network}>
              <a
                href={profile.social[network]}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-neutral-700 dark:text-white dark:hover:bg-neutral-800"
              >
                <Link2 aria-hidden="true" size={14} />
                {NETWORK_NAMES[network]}
                <ExternalLink aria-hidden="true" size={12} />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {profile.isOwner ? (
        <div>
          <Button size="sm" variant="secondary" icon={<Pencil size={14} />} onPress={() => actor.send({ type: 'profile.editLinks' })}>
            Edit social links
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function LinksForm({ form }: { form: ProfileLinksActorRef }) {
  const draft = useSelector(form, selectLinksDraft);
  const errors = useSelector(form, selectLinkErrors);
  const error = useSelector(form, selectLinksError);
  const saving = useSelector(form, isSavingLinks);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'links.submit' });
  };
  return (
    <Form aria-label="Social links" onSubmit={submit} className={cardClass}>
      {SOCIAL_NETWORKS.map((network) => (
        <TextField
          key={network}
          label={NETWORK_NAMES[network]}
          // Not type="url": the browser's own check would block the contract's clearer message.
          inputMode="url"
          placeholder={`https://${network === 'twitter' ? 'x' : network}.com/you`}
          value={draft[network]}
          isDisabled={saving}
          errorMessage={errors[network]}
          onChange={(value) => form.send({ type: 'links.change', network, value })}
        />
      ))}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" isDisabled={saving} onPress={() => form.send({ type: 'links.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save links'}
        </Button>
      </div>
    </Form>
  );
}
