import { produce } from 'immer';
import { GROUP_MESSAGES, updateGroupBodySchema, type Group, type UpdateGroupBody } from '../../api/groups';
import type { GroupCategory } from './createGroup.machine';
import type { GroupContext, GroupEvent, SettingsErrors, SettingsForm } from './group.types';

/** The Settings tab's form: filled from the group, edited field by field, checked, sent. */

export const noErrors: SettingsErrors = { name: null, category: null, tag: null, form: null };

export const emptySettings: SettingsForm = {
  name: '',
  description: '',
  privacy: 'public',
  categories: [],
  tags: [],
  tagDraft: '',
  profileImage: '',
  preview: '',
  errors: noErrors,
};

export const settingsFrom = (group: Group): SettingsForm => ({
  name: group.name,
  description: group.description,
  privacy: group.privacy,
  categories: group.category as GroupCategory[],
  tags: group.tags,
  tagDraft: '',
  profileImage: group.profileImage,
  preview: group.profileImage,
  errors: noErrors,
});

/** PUT /group/{id} body from the form. */
export const settingsBody = (form: SettingsForm): UpdateGroupBody => ({
  name: form.name,
  description: form.description,
  privacy: form.privacy,
  category: form.categories,
  tags: form.tags,
  profileImage: form.profileImage,
});

/** The form's problems, in the contract's words (the create-group messages); all null when it may be sent. */
export function settingsErrors(form: SettingsForm): SettingsErrors {
  const parsed = updateGroupBodySchema.safeParse(settingsBody(form));
  const errors = { ...noErrors };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    const key = field === 'name' ? 'name' : field === 'category' ? 'category' : field === 'tags' ? 'tag' : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
export const settingsValid = (form: SettingsForm) => Object.values(settingsErrors(form)).every((e) => e === null);

export const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The form after one of its events (the name checked as typed; the whole form on save). */
export function editedSettings(context: GroupContext, event: GroupEvent): Pick<GroupContext, 'settings'> {
  return produce({ settings: context.settings }, (draft) => {
    const form = draft.settings;
    switch (event.type) {
      case 'group.settings.name':
        form.name = event.value;
        form.errors.name = settingsErrors({ ...context.settings, name: event.value }).name;
        return;
      case 'group.settings.description':
        form.description = event.value;
        return;
      case 'group.settings.privacy':
        form.privacy = event.privacy;
        return;
      case 'group.settings.category': {
        const at = form.categories.indexOf(event.category);
        if (at >= 0) form.categories.splice(at, 1);
        else form.categories.push(event.category);
        form.errors.category = form.categories.length ? null : GROUP_MESSAGES.categoryRequired;
        return;
      }
      case 'group.settings.tagDraft':
        form.tagDraft = event.value;
        return;
      case 'group.settings.tagAdd':
        form.tags.push(form.tagDraft.trim());
        form.tagDraft = '';
        form.errors.tag = null;
        return;
      case 'group.settings.tagRemove':
        form.tags = form.tags.filter((t) => t !== event.tag);
        form.errors.tag = form.tags.length ? null : GROUP_MESSAGES.tagRequired;
        return;
      case 'group.settings.image':
        form.preview = event.dataUrl;
        return;
      case 'group.settings.imageRemove':
        form.preview = '';
        form.profileImage = '';
        return;
      case 'group.settings.save':
        form.errors = settingsErrors(context.settings);
        return;
    }
  });
}
