import { Switch, type SwitchProps } from 'react-aria-components';

/** An on/off switch with no visible label of its own (the row beside it names it: pass aria-label). */
export function ToggleSwitch(props: Omit<SwitchProps, 'className' | 'children'> & { 'aria-label': string }) {
  return (
    <Switch {...props} className="group flex cursor-pointer items-center outline-none">
      <span className="flex h-6 w-11 items-center rounded-full bg-neutral-300 p-0.5 transition group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-accent dark:bg-neutral-700">
        <span className="size-5 rounded-full bg-white shadow transition group-data-[selected]:translate-x-5" />
      </span>
    </Switch>
  );
}
