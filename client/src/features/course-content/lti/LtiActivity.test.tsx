import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, problemAnswer, server } from '../../../test/server';
import { LtiActivity } from './LtiActivity';
import { ltiLaunch, OBJECTIVE, renderActivity, treeItem, WORKFLOW, workflowView } from './testing';

function serve(launch = ltiLaunch(), onLaunch?: (body: unknown) => void) {
  server.use(
    http.get(`*/api/bff/workflows/${WORKFLOW}`, () => HttpResponse.json(workflowView())),
    http.post(`*/api/bff/workflows/${WORKFLOW}/launch`, async ({ request }) => {
      onLaunch?.(await request.json());
      return HttpResponse.json(launch);
    }),
  );
}

const renderLti = (item = treeItem(), reviewMode = false) => renderActivity(LtiActivity, item, reviewMode);

/** Every form added to the portal's document while the test runs. */
function watchForms() {
  const seen: HTMLFormElement[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLFormElement) seen.push(node);
      });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LtiActivity', () => {
  it('embedded: posts the resource form into the named iframe, then removes the form', async () => {
    const submitted: {
      target: string;
      action: string;
      method: string;
      fields: [string, string][];
      inDocument: boolean;
    }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        target: this.target,
        action: this.action,
        method: this.method,
        fields: [...new FormData(this).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]),
        inDocument: document.contains(this),
      });
    });
    const bodies: unknown[] = [];
    serve(ltiLaunch(), (body) => bodies.push(body));
    const { user } = renderLti();
    expect(await screen.findByText('Not started')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Launch activity' }));
    const frame = await screen.findByTitle('Quiz (external tool)');
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(bodies).toEqual([{ objectiveId: OBJECTIVE, activityPathId: '3' }]);
    expect(submitted[0]).toEqual({
      target: frame.getAttribute('name'),
      action: 'https://tool.example/t/acme/lti/launch/aw-1',
      method: 'post',
      fields: [
        ['id_token', 'header.claims.signature'],
        ['lti_message_type', 'LtiResourceLinkRequest'],
      ],
      inDocument: true,
    });
    expect(frame.getAttribute('name')).toMatch(/^lti-/);
    expect(document.querySelector('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close activity' })).toBeInTheDocument();
  });

  it('embedded custom: the frame takes the preferred size', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    serve(ltiLaunch({ displayMode: 'embeddedCustom', preferredWidth: 800, preferredHeight: 600 }));
    const { user } = renderLti();
    await user.click(await screen.findByRole('button', { name: 'Launch activity' }));
    const frame = await screen.findByTitle('Quiz (external tool)');
    expect(frame.style.inlineSize).toBe('800px');
    expect(frame.style.blockSize).toBe('600px');
  });

  it('fullscreen: the form is built in the new window, never in the portal document', async () => {
    const popupDocument = document.implementation.createHTMLDocument('launch');
    const popup = {
      document: popupDocument,
      opener: window,
      closed: false,
      close: vi.fn(),
      location: { origin: 'https://tool.example', pathname: '/' },
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const targets: string[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      targets.push(`${this.ownerDocument === popupDocument ? 'popup' : 'portal'}:${this.target}`);
    });
    const forms = watchForms();
    serve(ltiLaunch({ displayMode: 'fullscreen' }));
    const { user } = renderLti();
    await user.click(await screen.findByRole('button', { name: 'Launch activity' }));
    expect(await screen.findByText(/The activity is open in a new window/)).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('about:blank', expect.stringMatching(/^lti-/));
    expect(targets).toEqual(['popup:_self']);
    expect(popup.opener).toBeNull();
    forms.stop();
    expect(forms.seen).toHaveLength(0);
  });

  it('fullscreen with the window blocked: says so and opens it on the next click', async () => {
    const popupDocument = document.implementation.createHTMLDocument('launch');
    const popup = {
      document: popupDocument,
      opener: window,
      closed: false,
      close: vi.fn(),
      location: { origin: 'x', pathname: '/' },
    };
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(null)
      .mockReturnValue(popup as unknown as Window);
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    serve(ltiLaunch({ displayMode: 'fullscreen' }));
    const { user } = renderLti();
    await user.click(await screen.findByRole('button', { name: 'Launch activity' }));
    expect(await screen.findByText(/Your browser blocked the new window/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open activity in a new window' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('a failed launch says what failed; Try again sends the launch a second time, and it goes', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    server.use(
      http.get(`*/api/bff/workflows/${WORKFLOW}`, () => HttpResponse.json(workflowView())),
      http.post(`*/api/bff/workflows/${WORKFLOW}/launch`, async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return HttpResponse.json({ title: 'Bad Gateway', status: 502 }, { status: 502 });
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(ltiLaunch());
      }),
    );
    const { user } = renderLti();
    await user.click(await screen.findByRole('button', { name: 'Launch activity' }));
    const notice = (await screen.findByText('The activity could not be launched.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(notice).toHaveTextContent(
      'The activity could not be launched. The learning platform is not available right now. Please try again in a few minutes.',
    );
    expect(screen.queryByText(/refresh the page/)).toBeNull();
    // Try again stands in for the launch button, and has the focus the launch button had.
    expect(screen.queryByRole('button', { name: 'Launch activity' })).toBeNull();
    const retry = within(notice).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toHaveFocus());
    await user.click(retry);
    // Busy while the launch is on its way: a second press sends nothing.
    const busy = await within(notice).findByRole('button', { name: 'Trying again…' });
    await user.click(busy);
    await waitFor(() => expect(bodies).toHaveLength(2));
    release();
    expect(await screen.findByTitle('Quiz (external tool)')).toBeInTheDocument();
    expect(bodies).toEqual([
      { objectiveId: OBJECTIVE, activityPathId: '3' },
      { objectiveId: OBJECTIVE, activityPathId: '3' },
    ]);
    expect(screen.queryByText('The activity could not be launched.')).toBeNull();
  });

  it('a launch refused by the platform shows its reason; a second failure is said again', async () => {
    let launches = 0;
    server.use(
      http.get(`*/api/bff/workflows/${WORKFLOW}`, () => HttpResponse.json(workflowView())),
      http.post(`*/api/bff/workflows/${WORKFLOW}/launch`, () => {
        launches += 1;
        return problemAnswer(409, 'command_failed', { detail: 'The attempt limit is reached.' });
      }),
    );
    const { user } = renderLti();
    await user.click(await screen.findByRole('button', { name: 'Launch activity' }));
    const first = await screen.findByText('The attempt limit is reached.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(launches).toBe(2));
    // The text is put in again (announced again by the alert), not left as it was.
    await waitFor(() => expect(screen.getByText('The attempt limit is reached.')).not.toBe(first));
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('review mode launches read-only with the review button', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    serve(ltiLaunch(), (body) => bodies.push(body));
    const { user } = renderLti(treeItem({ status: 'completed' }), true);
    await user.click(await screen.findByRole('button', { name: 'Review activity' }));
    await screen.findByTitle('Quiz (external tool)');
    expect(bodies).toEqual([{ objectiveId: OBJECTIVE, activityPathId: '3', review: true }]);
  });

  it('a proctored activity links to its proctored page instead of launching', async () => {
    serve();
    renderLti(treeItem({ proctored: true, activityPathId: '2', name: 'Final exam' }));
    const link = await screen.findByRole('link', { name: 'Open proctored activity' });
    expect(link).toHaveAttribute('href', `/courses/proctor/${OBJECTIVE}/2`);
    expect(screen.queryByRole('button', { name: 'Launch activity' })).toBeNull();
  });

  it('a locked activity cannot be launched', async () => {
    serve();
    renderLti(treeItem({ locked: true, lockReason: 'unavailable' }));
    await screen.findByText('Not started');
    expect(screen.queryByRole('button', { name: 'Launch activity' })).toBeNull();
  });
});
