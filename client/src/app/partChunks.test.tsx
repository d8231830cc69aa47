// Parts the learner asks for whose chunk cannot be fetched (the network gone, a new deploy): the
// chat, the filters' sheet, a PDF and an LTI activity say so in their place, the page (the course
// list, the player) stays, and the part comes when asked for again once it can be fetched.
// Before, the chat ignored the press and each of the others replaced the whole page with the
// error page.
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityBody } from '../features/course-content/activities/ActivityBody';
import { activityView, treeView } from '../features/course-content/testData';
import { courseCard, myCoursesView } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { renderRichContent } from '../ui/rich-content/testing';
import { http, HttpResponse, server } from '../test/server';

const network = vi.hoisted(() => ({ reachable: false }));

const unfetchable = (name: string) =>
  Object.assign(new Error(`Loading chunk ${name} failed.`), { name: 'ChunkLoadError' });

// Each part fails as React.lazy does when webpack cannot fetch its chunk (rendering it throws
// webpack's error) until the network is back.
vi.mock('../features/chat/ChatPanel', () => ({
  default: function ChatPanel() {
    if (!network.reachable) throw unfetchable('chat');
    return <div role="dialog" aria-label="Messages" />;
  },
}));
vi.mock('../features/course-list/FilterSheet', () => ({
  default: function FilterSheet({ onClose }: { onClose: () => void }) {
    if (!network.reachable) throw unfetchable('filter-sheet');
    return (
      <div role="dialog" aria-label="Filters">
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    );
  },
}));
vi.mock('../ui/rich-content/PdfViewer', () => ({
  default: function PdfViewer() {
    if (!network.reachable) throw unfetchable('pdf-viewer');
    return <p>Page 1 of 2</p>;
  },
}));
vi.mock('../features/course-content/lti/LtiActivity', () => ({
  default: function LtiActivity() {
    if (!network.reachable) throw unfetchable('course-lti');
    return <p>The tool opens here.</p>;
  },
}));

describe('parts whose chunk cannot be fetched', () => {
  // React reports the failures its boundaries caught.
  beforeEach(() => {
    network.reachable = false;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('the chat: says so where the panel would be, offers a reload, closes with the page left as it was, and opens at the next try once reachable', async () => {
    const { user, location } = renderApp('/learn/courses?keyword=safety#chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A part of the page could not be loaded. Please reload the page.');
    expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Close messages' }));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(location()).toBe('/courses?keyword=safety');
    expect(screen.getByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();

    network.reachable = true;
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: /^Messages/ }));
    expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the filters: say so in place of the sheet, close, and open at the next try once reachable', async () => {
    server.use(
      http.get('*/api/bff/my-courses', () =>
        HttpResponse.json(
          myCoursesView([courseCard({ name: 'Algebra basics' })], {
            collections: [{ id: 'c-security', name: 'Security', uncategorized: false }],
          }),
        ),
      ),
    );
    const { user } = renderApp('/learn/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A part of the page could not be loaded. Please reload the page.');
    expect(screen.getByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The focus goes back to the button that asked for the sheet.
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();

    // By keyboard: the alert takes the focus, as the sheet would, and Escape closes it.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Reload the page' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();

    network.reachable = true;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an LTI activity: says so in the player, and loads when the learner comes back to it', async () => {
    const view = activityView({}, { activityPathId: '3', activityId: 'act-3', name: 'Quiz', kind: 'lti' });
    const other = activityView({}, { activityPathId: '1' });
    const body = (shown: typeof view) => (
      <SWRConfig value={{ provider: () => new Map() }}>
        <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
          <h1>Data Privacy Basics</h1>
          <ActivityBody view={shown} activity={shown.activity} tree={treeView()} onChanged={() => undefined} />
        </IntlProvider>
      </SWRConfig>
    );
    const { rerender } = render(body(view));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('heading', { name: 'Data Privacy Basics' })).toBeInTheDocument();

    // The learner goes to another activity and back, the network back meanwhile.
    rerender(body(other));
    expect(await screen.findByText('Personal data is any information about a person.')).toBeInTheDocument();
    network.reachable = true;
    rerender(body(view));
    expect(await screen.findByText('The tool opens here.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a PDF: says so in the viewer, and shows it at the next opening once reachable', async () => {
    const { user } = renderRichContent('<p><a href="/files/guide.pdf">Safety guide</a></p>');
    const open = screen.getByRole('button', { name: 'Open Safety guide in the viewer' });
    await user.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Safety guide (PDF)' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be loaded');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    network.reachable = true;
    await user.click(open);
    dialog = screen.getByRole('dialog', { name: 'Safety guide (PDF)' });
    expect(await within(dialog).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
