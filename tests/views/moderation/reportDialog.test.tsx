import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../../src/api/moderation/reports';
import { journal } from '../../../src/effects/debug/journal';
import { reportMachine, type ReportActorRef, type ReportContext } from '../../../src/machines/moderation/report.machine';
import { ReportDialog } from '../../../src/views/moderation/ReportDialog';
import { describePath, pathsOf, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { reportModel } from '../../machines/moderation/report.model';
import { postInput, profileInput, reportSerialize } from '../../machines/moderation/reportModel';
import { viewHarness } from '../harness';

/** The post's '…' menu and the profile's show the dialog while their report child runs. */
function Host({ report }: { report: ReportActorRef }) {
  const running = useSelector(report, (s) => s.status === 'active');
  return running ? <ReportDialog report={report} /> : <p>Dialog closed</p>;
}

const SUBJECTS = [
  { label: 'a post', input: postInput, title: 'Report post', question: 'Why are you reporting this post?' },
  { label: 'a member', input: profileInput, title: 'Report ben', question: 'Why are you reporting ben?' },
] as const;

afterEach(cleanup);

describe('one report dialog, one list of reasons, for a post and for a member', () => {
  it('offers the same reasons, as the same radio cards, with the same optional details, for both', () => {
    const offered: string[][] = [];
    for (const { input, title, question } of SUBJECTS) {
      const report = createActor(reportMachine, { input }).start();
      render(<Host report={report} />);
      const dialog = screen.getByRole('dialog', { name: title });
      const group = within(dialog).getByRole('radiogroup', { name: question });
      offered.push(
        within(group)
          .getAllByRole('radio')
          .map((radio) => (radio as HTMLInputElement).value),
      );
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')!.textContent),
      ).toEqual(REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]));
      // No free-text reason and no chips: details are optional, the reason is chosen.
      expect(within(dialog).queryByRole('textbox', { name: /^Reason/ })).toBeNull();
      expect((within(dialog).getByLabelText('Details (optional)') as HTMLTextAreaElement).required).toBe(false);
      report.stop();
      cleanup();
    }
    expect(offered).toEqual([[...REPORT_REASONS], [...REPORT_REASONS]]);
  });
});

const coverage = new TransitionCoverage(reportMachine);

describe.each(SUBJECTS)('report dialog for $label, replaying every path of the report machine', ({ label, input, title }) => {
  const dialog = () => screen.getByRole('dialog', { name: title });
  const details = () => within(dialog()).getByLabelText('Details (optional)') as HTMLTextAreaElement;

  async function perform(event: ModelEvent, user: UserEvent) {
    switch (event.type) {
      case 'report.reason':
        await user.click(within(dialog()).getByRole('radio', { name: REPORT_REASON_LABELS[event.reason as ReportReason] }));
        return;
      case 'report.details':
        // 1001 characters typed key by key would be slow; a paste is what a person would do.
        fireEvent.change(details(), { target: { value: event.value } });
        return;
      case 'report.submit':
        await user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
        return;
      case 'report.cancel':
        await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        return;
      default:
        throw new Error(`no gesture for ${event.type}`);
    }
  }

  function expectScreen(snapshot: AnyMachineSnapshot) {
    if (snapshot.status === 'done') {
      expect(screen.queryByRole('dialog')).toBeNull();
      return;
    }
    const c = snapshot.context as ReportContext;
    const checked = within(dialog())
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).checked);
    expect(checked.map((radio) => (radio as HTMLInputElement).value)).toEqual(c.reason ? [c.reason] : []);
    expect(details().value).toBe(c.details);
    const send = within(dialog()).getByRole('button', { name: snapshot.matches('sending') ? 'Sending...' : 'Send report' });
    expect(send.hasAttribute('disabled')).toBe(snapshot.matches('sending'));
    for (const message of [c.errors.reason, c.errors.details]) if (message) expect(within(dialog()).getByText(message)).toBeTruthy();
    if (c.error) expect(within(dialog()).getByRole('alert').textContent).toContain(c.error);
    else expect(within(dialog()).queryByRole('alert')).toBeNull();
  }

  const paths = pathsOf(reportModel, label);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['sendReport'], coverage);
    try {
      const report = createActor(reportMachine.provide({ actors: h.actors as never }), {
        input,
        inspect: (e) => journal.inspect(e),
      }).start();
      render(<Host report={report} />);
      const user = userEvent.setup({ delay: null });
      expectScreen(report.getSnapshot());
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await perform(step.event, user);
        expect(reportSerialize(report.getSnapshot())).toEqual(reportSerialize(step.state as never));
        expectScreen(report.getSnapshot());
      }
      report.stop();
    } finally {
      h.restore();
    }
  });
});

afterAll(() => {
  console.log(coverage.summary('report (through the view)', stateCount(reportMachine)));
  expect(coverage.missed).toEqual([]);
});
