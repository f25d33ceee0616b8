import { Check, UserPlus } from 'lucide-react';
import { Button } from '../ui/Button';

/** Select/Selected beside a member in an invite search: pressing it toggles them in the selection. */
export function SelectMemberButton({
  username,
  selected,
  isDisabled,
  onPress,
}: {
  username: string;
  selected: boolean;
  isDisabled?: boolean;
  onPress: () => void;
}) {
  return (
    <Button
      size="sm"
      variant={selected ? 'primary' : 'secondary'}
      icon={selected ? <Check size={16} /> : <UserPlus size={16} />}
      aria-pressed={selected}
      aria-label={`${selected ? 'Selected' : 'Select'} ${username}`}
      isDisabled={isDisabled}
      onPress={onPress}
    >
      {selected ? 'Selected' : 'Select'}
    </Button>
  );
}
