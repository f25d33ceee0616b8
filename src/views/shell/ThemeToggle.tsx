import { useSelector } from '@xstate/react';
import { Moon, Sun } from 'lucide-react';
import { useApp } from '../AppContext';
import { IconButton } from '../ui/IconButton';
import { isDarkTheme } from '../../machines/shell/theme.connect';

/** Light/dark switch: `theme.toggle` to the theme actor. */
export function ThemeToggle() {
  const app = useApp();
  const theme = useSelector(app, (s) => s.children.theme);
  const dark = useSelector(theme, isDarkTheme);
  if (!theme) return null;
  return (
    <IconButton label={dark ? 'Switch to light theme' : 'Switch to dark theme'} onPress={() => theme.send({ type: 'theme.toggle' })}>
      {dark ? <Sun size={20} /> : <Moon size={20} />}
    </IconButton>
  );
}
