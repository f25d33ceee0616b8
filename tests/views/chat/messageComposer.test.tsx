import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import type { ChatActorRef } from '../../../src/machines/chat/chat.machine';
import { messageComposerMachine, selectCanSend, type MessageComposerContext } from '../../../src/machines/chat/messageComposer.machine';
import { chatAreaLogic } from '../../../src/effects/chat/area';
import { AppProvider } from '../../../src/views/AppContext';
import { ChatLogicProvider } from '../../../src/views/chat/ChatLogic';
import { MessageComposer } from '../../../src/views/chat/MessageComposer';
import { startTestApp } from '../appHarness';
import { describePath, pathsOf, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { messageComposerModel, serialize } from '../../machines/chat/messageComposer.model';
import { effect, viewHarness } from '../harness';

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const box = () => screen.getByRole('textbox', { name: 'Message Team', hidden: true }) as HTMLTextAreaElement;

async function perform(event: ModelEvent, user: UserEvent) {
  switch (event.type) {
    case 'composer.type':
      // A paste of the whole text (typing 5001 keys one by one would only slow the test).
      fireEvent.change(box(), { target: { value: event.text } });
      return;
    case 'composer.pickImage': {
      const file = new File(['x'], event.file.name, { type: event.file.type });
      fireEvent.change(fileInput(), { target: { files: [file] } });
      return;
    }
    case 'composer.removeAttachment':
      await user.click(screen.getByRole('button', { name: /^Remove (image|GIF)$/ }));
      return;
    case 'composer.send':
      box().focus();
      await user.keyboard('{Enter}');
      return;
    case 'composer.openGif':
      await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
      return;
    case 'composer.closeGif':
      await user.keyboard('{Escape}');
      return;
    case 'composer.gifField':
      fireEvent.change(screen.getByRole('textbox', { name: 'GIF URL' }), { target: { value: event.url } });
      return;
    case 'composer.attachGif':
      await user.click(screen.getByRole('button', { name: 'Attach GIF' }));
      return;
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

/** What the composer must show for a snapshot. */
function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as MessageComposerContext;
  expect(box().value).toBe(c.body);
  const attached = c.image || c.gifUrl;
  const preview = screen.queryByRole('img', { name: c.image ? 'Image to send' : 'GIF to send', hidden: true });
  expect(preview?.getAttribute('src') ?? '').toBe(attached);
  const alert = screen
    .queryAllByRole('alert', { hidden: true })
    .find((a) => a.tagName === 'P' && a.closest('form[aria-label="Send a message"]'));
  expect(alert?.textContent ?? null).toBe(c.error);
  expect(screen.getByRole('button', { name: 'Send message', hidden: true })).toHaveProperty('disabled', !selectCanSend(snapshot as never));
  const open = snapshot.matches({ gifPanel: 'open' });
  const field = screen.queryByRole('textbox', { name: 'GIF URL' }) as HTMLInputElement | null;
  expect(field !== null).toBe(open);
  if (field) {
    expect(field.value).toBe(c.gifField);
    if (c.gifError) screen.getByText(c.gifError);
  }
}

const coverage = new TransitionCoverage(messageComposerMachine);

describe('message composer, every model path through the view', () => {
  const paths = pathsOf(messageComposerModel, 'all transitions');
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['readImage'], coverage);
    const sendDraft = effect();
    const sent: unknown[] = [];
    const chat = { send: (event: unknown) => void sent.push(event) } as unknown as ChatActorRef;
    const logic = messageComposerMachine.provide({ actors: h.actors as never, actions: { sendDraft } });
    const user = userEvent.setup({ delay: null });
    try {
      const { app } = startTestApp();
      render(
        <AppProvider actor={app}>
          <ChatLogicProvider logic={{ ...chatAreaLogic(app), messageComposer: () => logic }}>
            <MessageComposer chat={chat} name="Team" />
          </ChatLogicProvider>
        </AppProvider>,
      );
      expect(serialize(h.actor().getSnapshot())).toEqual(serialize(path.steps[0].state));
      expectScreen(path.steps[0].state);
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await act(() => perform(step.event, user));
        expect(serialize(h.actor().getSnapshot()), `after ${step.event.type}`).toEqual(serialize(step.state));
        expectScreen(step.state);
      }
      // The chat gets each draft the model sends, as it was; nothing else reaches the chat.
      const drafts = path.steps.slice(1).flatMap((step, i) => {
        const c = path.steps[i].state.context as MessageComposerContext;
        const draft = { body: c.body, gifUrl: c.gifUrl, image: c.image };
        return step.event.type === 'composer.send' &&
          (step.state.context as MessageComposerContext).body === '' &&
          c.body + c.gifUrl + c.image !== ''
          ? [draft]
          : [];
      });
      expect(sendDraft.mock.calls.map((call) => call[1])).toEqual(drafts);
      expect(sent).toEqual([]);
    } finally {
      h.restore();
    }
  });

  afterAll(() => {
    console.log(coverage.summary('messageComposer (views)', stateCount(messageComposerMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
