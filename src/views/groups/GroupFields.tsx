import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { GROUP_CATEGORIES } from '../../api/groups/categories';
import { asPngFile, readDataUrl } from '../../effects/groups/groups';
import type { GroupCategory } from '../../machines/groups/createGroup.machine';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { fieldErrorText, TextField } from '../ui/TextField';

/** The fields a group is made of, shared by Create New Group and a group's settings. */

/** The 24 categories as checkboxes, with the "at least one" message under them. */
export function CategoryPicker({
  id,
  selected,
  error,
  isDisabled,
  onToggle,
}: {
  id: string;
  selected: readonly string[];
  error: string | null;
  isDisabled: boolean;
  onToggle: (category: GroupCategory) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-neutral-800 dark:text-neutral-200">Categories</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {GROUP_CATEGORIES.map((category) => (
          <Checkbox key={category} isSelected={selected.includes(category)} isDisabled={isDisabled} onChange={() => onToggle(category)}>
            {category}
          </Checkbox>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A tag draft added by the Add button or Enter, and the tags so far, each removable. */
export function TagsField({
  draft,
  tags,
  error,
  isDisabled,
  listLabel,
  onDraft,
  onAdd,
  onRemove,
}: {
  draft: string;
  tags: readonly string[];
  error: string | null;
  isDisabled: boolean;
  /** The list's name: "Tags", or another where the page already has a list of that name. */
  listLabel: string;
  onDraft: (value: string) => void;
  onAdd: () => void;
  onRemove: (tag: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label="Tags"
          value={draft}
          isDisabled={isDisabled}
          errorMessage={error}
          placeholder="Add a tag and press Enter"
          onChange={onDraft}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onAdd();
            }
          }}
        />
        <Button variant="secondary" icon={<Plus size={16} />} isDisabled={isDisabled} onPress={onAdd}>
          Add
        </Button>
      </div>
      {tags.length ? (
        <ul aria-label={listLabel} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-sm dark:bg-neutral-800">
              {tag}
              <Button size="sm" variant="ghost" aria-label={`Remove tag ${tag}`} isDisabled={isDisabled} onPress={() => onRemove(tag)}>
                <X aria-hidden="true" size={14} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The group image: preview, choose (image files only, sent as png), change, remove. */
export function GroupImageField({
  preview,
  uploading,
  isDisabled,
  onImage,
  onRemove,
}: {
  preview: string;
  uploading: boolean;
  isDisabled: boolean;
  /** The chosen image as a png data URL. */
  onImage: (dataUrl: string) => void;
  onRemove: () => void;
}) {
  const choose = async (file: File | undefined) => {
    const png = file ? asPngFile(file) : null;
    if (png) onImage(await readDataUrl(png));
  };
  return (
    <div className="flex flex-wrap items-center gap-4">
      {preview ? (
        <img src={preview} alt="Group image preview" className="size-24 rounded-2xl object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-24 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-500 dark:bg-neutral-800"
        >
          <ImagePlus size={32} />
        </span>
      )}
      <div className="flex flex-col gap-2">
        <FileTrigger acceptedFileTypes={['image/*']} onSelect={(files) => void choose(files?.[0])}>
          <Button variant="secondary" isDisabled={isDisabled || uploading}>
            {uploading ? 'Uploading...' : preview ? 'Change image' : 'Choose image'}
          </Button>
        </FileTrigger>
        {preview && !uploading ? (
          <Button variant="ghost" size="sm" icon={<Trash2 size={16} />} isDisabled={isDisabled} onPress={onRemove}>
            Remove image
          </Button>
        ) : null}
      </div>
    </div>
  );
}
