import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRichContent } from './testing';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const HTML = `<p>Pictures</p>
<p><img src="${PNG}#1" alt="Hard hat"> <img src="${PNG}#2" alt="Fire exit"> <img src="${PNG}#3" alt="First aid"></p>
<p><a href="/learn/catalog"><img src="${PNG}#4" alt="Linked picture"></a></p>`;

function gallery() {
  return screen.getByRole('dialog');
}

function shownImage() {
  return within(gallery()).getByRole('img');
}

describe('image gallery', () => {
  it('opens at the pressed image, full screen, named by its place', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: 'Open image 2 of 3 in the gallery: Fire exit' }));
    expect(within(gallery()).getByRole('heading', { name: 'Image 2 of 3' })).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute('alt', 'Fire exit');
  });

  it('leaves images inside links alone', () => {
    renderRichContent(HTML);
    expect(screen.queryByRole('button', { name: /Linked picture/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Linked picture' })).toBeInTheDocument();
  });

  it('moves with previous and next, wrapping at both ends', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: /image 3 of 3/ }));
    await user.click(within(gallery()).getByRole('button', { name: 'Next image' }));
    expect(shownImage()).toHaveAttribute('alt', 'Hard hat');
    await user.click(within(gallery()).getByRole('button', { name: 'Previous image' }));
    expect(shownImage()).toHaveAttribute('alt', 'First aid');
  });

  it('moves with the arrow keys and closes with Escape, giving focus back', async () => {
    const { user } = renderRichContent(HTML);
    const opener = screen.getByRole('button', { name: /image 1 of 3/ });
    await user.click(opener);
    await user.keyboard('{ArrowRight}');
    expect(shownImage()).toHaveAttribute('alt', 'Fire exit');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownImage()).toHaveAttribute('alt', 'First aid');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('mirrors the arrow keys in right-to-left', async () => {
    const { user } = renderRichContent(HTML, { locale: 'ar-AR' });
    await user.click(screen.getAllByRole('button')[0]!);
    await user.keyboard('{ArrowLeft}');
    expect(shownImage()).toHaveAttribute('alt', 'Fire exit');
  });

  it('has a dot per image that shows it and marks the current one', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: /image 1 of 3/ }));
    const dots = within(within(gallery()).getByRole('group', { name: 'Choose an image' })).getAllByRole('button');
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(dots[2]!);
    expect(shownImage()).toHaveAttribute('alt', 'First aid');
    expect(within(gallery()).getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-current', 'true');
    expect(within(gallery()).getByRole('button', { name: 'Show image 1' })).not.toHaveAttribute('aria-current');
  });

  it('zooms in and out between 100% and 300%', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: /image 1 of 3/ }));
    const zoomOut = within(gallery()).getByRole('button', { name: 'Zoom out' });
    const zoomIn = within(gallery()).getByRole('button', { name: 'Zoom in' });
    expect(within(gallery()).getByText('Zoom 100%')).toBeInTheDocument();
    expect(zoomOut).toBeDisabled();
    await user.click(zoomIn);
    expect(within(gallery()).getByText('Zoom 150%')).toBeInTheDocument();
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(within(gallery()).getByText('Zoom 300%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    expect(zoomOut).toHaveFocus();
    await user.click(zoomOut);
    expect(within(gallery()).getByText('Zoom 200%')).toBeInTheDocument();
  });

  it('keeps focus in the gallery when a zoom button reaches its limit, so Escape still closes it', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: /image 1 of 3/ }));
    await user.click(within(gallery()).getByRole('button', { name: 'Zoom in' }));
    await user.click(within(gallery()).getByRole('button', { name: 'Zoom out' }));
    expect(within(gallery()).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    expect(within(gallery()).getByRole('button', { name: 'Zoom in' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getByRole('button', { name: /image 1 of 3/ }));
    await user.click(within(gallery()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
