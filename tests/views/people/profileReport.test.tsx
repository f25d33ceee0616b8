import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { journal } from '../../../src/effects/debug/journal';
import {
  profileReportMachine,
  REPORT_REASONS,
  type ProfileReportActorRef,
  type ProfileReportContext,
} from '../../../src/machines/people/profile/profileReport.machine';
import { ReportDialog } from '../../../src/views/people/ReportDialog';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { reportModel, reportSerialize } from '../../machines/people/profile/profileReportModel';
import { viewHarness } from '../harness';

/** The profile page shows the dialog while its report child runs. */
function Host({ report }: { report: ProfileReportActorRef }) {
  const running = useSelector(report, (s) => s.status === 'active');
  return running ? <ReportDialog report={report} /> : <p>Dialog closed</p>;
}

const input = { userId: '0190a5f0-0000-7000-8000-000000000002', username: 'ben' };
const dialog = () => screen.getByRole('dialog', { name: 'Report ben' });
const field = (label: RegExp | string) => within(dialog()).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

/** What a person does for each model event. */
async function perform(event: ModelEvent, user: UserEvent) {
  switch (event.type) {
    case 'report.reason':
      if ((REPORT_REASONS as readonly string[]).includes(event.value))
        await user.click(within(dialog()).getByRole('button', { name: event.value }));
      else fireEvent.change(field(/^Reason/), { target: { value: event.value } });
      return;
    case 'report.details':
      // 1001 characters typed key by key would be slow; a paste is what a person would do.
      fireEvent.change(field('Details (optional)'), { target: { value: event.value } });
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

/** What the screen must show for a snapshot. */
function expectScreen(snapshot: AnyMachineSnapshot) {
  if (snapshot.status === 'done') {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const c = snapshot.context as ProfileReportContext;
  expect(field(/^Reason/).value).toBe(c.reason);
  expect(field('Details (optional)').value).toBe(c.details);
  const send = within(dialog()).getByRole('button', { name: snapshot.matches('sending') ? 'Sending...' : 'Send report' });
  expect(send.hasAttribute('disabled')).toBe(snapshot.matches('sending'));
  for (const message of [c.errors.reason, c.errors.details]) if (message) expect(within(dialog()).getByText(message)).toBeTruthy();
  if (c.error) expect(within(dialog()).getByRole('alert').textContent).toContain(c.error);
  else expect(within(dialog()).queryByRole('alert')).toBeNull();
}

const coverage = new TransitionCoverage(profileReportMachine);

describe('report dialog, replaying every path of the report machine', () => {
  const paths = coverPaths(profileReportMachine, { ...reportModel, input } as never);
  afterEach(cleanup);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['sendReport'], coverage);
    try {
      const report = createActor(profileReportMachine.provide({ actors: h.actors as never }), {
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

  afterAll(() => {
    console.log(coverage.summary('profileReport (through the view)', stateCount(profileReportMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
