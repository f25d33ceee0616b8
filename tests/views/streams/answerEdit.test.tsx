import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { AnswersPanel } from '../../../src/views/streams/discussion/AnswersPanel';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { answer, post } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('editing an answer in place', () => {
  it('starts in the answer’s own format, previews it with the Markdown tabs from the machine, and sends the format', async () => {
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const me = { userId: alice._id, username: alice.username, avatarColor: '#f33e58', profilePicture: '' };
    const question = post({ _id: 'q1', kind: 'question', answersCount: 1 });
    const mine = answer({
      _id: 'a1',
      questionId: 'q1',
      userId: alice._id,
      username: alice.username,
      answer: 'use `map`',
      format: 'markdown',
    });
    const editAnswer = vi.fn(async (_id: string, body: { answer: string; format?: string }) => ({
      message: 'ok',
      answer: { ...mine, answer: body.answer, editedAt: 'x' },
      answersCount: 1,
    }));
    const api = { questions: { one: async () => ({ question, answers: [mine] }), editAnswer } } as unknown as ApiClient;
    const { ui } = withApp(
      app,
      '/streams',
      <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
        <AnswersPanel questionId="q1" me={me} onQuestionChanged={() => {}} />
      </StreamsLogicProvider>,
    );
    render(ui);
    const item = await waitFor(() => screen.getByRole('listitem', { name: /^Answer by/ }));
    fireEvent.click(within(item).getByRole('button', { name: 'Edit answer' }));
    // The answer's own format: the Markdown option is on, with its tabs and help.
    const option = within(item).getByRole('checkbox', { name: 'Markdown' }) as HTMLInputElement;
    expect(option.checked).toBe(true);
    expect(within(item).getByText('Formatting help')).toBeTruthy();
    fireEvent.change(within(item).getByRole('textbox', { name: 'Edit answer' }), { target: { value: 'use **`reduce`**' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Preview' }));
    const preview = await waitFor(() => within(item).getByRole('region', { name: 'Edited answer preview' }));
    await waitFor(() => expect(preview.querySelector('strong code')?.textContent).toBe('reduce'));
    fireEvent.click(within(item).getByRole('button', { name: 'Write' }));
    expect(within(item).queryByRole('region', { name: 'Edited answer preview' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editAnswer).toHaveBeenCalledWith('a1', { answer: 'use **`reduce`**', format: 'markdown' }));
  });
});
