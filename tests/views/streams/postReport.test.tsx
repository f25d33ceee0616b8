import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { POST_REPORT_REASON_LABELS, type PostReportReason } from '../../../src/api/moderation';
import { journal } from '../../../src/effects/debug/journal';
import { postReportMachine, type PostReportActorRef, type PostReportContext } from '../../../src/machines/streams/post/postReport.machine';
import { ReportPostDialog } from '../../../src/views/streams/post/ReportPostDialog';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { postReportModel, postReportSerialize } from '../../machines/streams/post/postReportModel';
import { viewHarness } from '../harness';

/** The author menu shows the dialog while its report child runs. */
function Host({ report }: { report: PostReportActorRef }) {
  const running = useSelector(report, (s) => s.status === 'active');
  return running ? <ReportPostDialog report={report} /> : <p>Dialog closed</p>;
}

const input = { postId: '0190a5f0-0000-7000-8000-000000000007', username: 'ben' };
const dialog = () => screen.getByRole('dialog', { name: 'Report post' });
const details = () => within(dialog()).getByLabelText('Details (optional)') as HTMLTextAreaElement;

async function perform(event: ModelEvent, user: UserEvent) {
  switch (event.type) {
    case 'report.reason':
      await user.click(within(dialog()).getByRole('radio', { name: POST_REPORT_REASON_LABELS[event.reason as PostReportReason] }));
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
  const c = snapshot.context as PostReportContext;
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

const coverage = new TransitionCoverage(postReportMachine);

describe('report post dialog, replaying every path of the report machine', () => {
  const paths = coverPaths(postReportMachine, { ...postReportModel, input } as never);
  afterEach(cleanup);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['sendReport'], coverage);
    try {
      const report = createActor(postReportMachine.provide({ actors: h.actors as never }), {
        input,
        inspect: (e) => journal.inspect(e),
      }).start();
      render(<Host report={report} />);
      const user = userEvent.setup({ delay: null });
      expectScreen(report.getSnapshot());
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await perform(step.event, user);
        expect(postReportSerialize(report.getSnapshot())).toEqual(postReportSerialize(step.state as never));
        expectScreen(report.getSnapshot());
      }
      report.stop();
    } finally {
      h.restore();
    }
  });

  afterAll(() => {
    console.log(coverage.summary('postReport (through the view)', stateCount(postReportMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
