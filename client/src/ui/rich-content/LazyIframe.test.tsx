import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRichContent } from './testing';

/** A stand-in IntersectionObserver that the test drives. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;

  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }

  observe(element: Element) {
    this.observed.push(element);
  }

  disconnect() {
    this.disconnected = true;
  }

  unobserve() {}

  takeRecords() {
    return [];
  }

  /** Reports the observed element as `isIntersecting`. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({
      target,
      isIntersecting,
      intersectionRatio: isIntersecting ? 0.5 : 0,
    }));
    act(() =>
      this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver),
    );
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

const HTML =
  '<iframe src="https://pages.example/embed/1" title="Safety walk-through" width="640" height="360"></iframe>';

describe('lazy iframes', () => {
  it('show a placeholder until the frame comes within 100 px of the viewport (threshold 0.1)', () => {
    renderRichContent(HTML);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Embedded content: Safety walk-through')).toBeInTheDocument();
    const [observer] = FakeObserver.all;
    expect(observer?.options).toEqual({ threshold: 0.1, rootMargin: '100px' });

    observer!.report(false);
    expect(document.querySelector('iframe')).toBeNull();

    observer!.report(true);
    const frame = screen.getByTitle('Safety walk-through');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://pages.example/embed/1');
    expect(observer!.disconnected).toBe(true);
    expect(screen.queryByText(/Embedded content:/)).toBeNull();
  });

  it('load at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderRichContent(HTML);
    expect(screen.getByTitle('Safety walk-through').tagName).toBe('IFRAME');
  });

  it('name a frame without title', () => {
    renderRichContent('<iframe src="https://pages.example/embed/2"></iframe>');
    FakeObserver.all[0]!.report(true);
    expect(screen.getByTitle('Embedded content').tagName).toBe('IFRAME');
  });
});

describe('language hints on video embeds', () => {
  it('add the learner language to YouTube embeds as hl and cc_lang_pref, and a lang attribute', () => {
    renderRichContent('<iframe src="https://www.youtube-nocookie.com/embed/abc?start=10" title="Video"></iframe>', {
      locale: 'ar-AR',
    });
    FakeObserver.all[0]!.report(true);
    const frame = screen.getByTitle('Video');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.searchParams.get('hl')).toBe('ar');
    expect(src.searchParams.get('cc_lang_pref')).toBe('ar');
    expect(src.searchParams.get('start')).toBe('10');
    expect(frame).toHaveAttribute('lang', 'ar-AR');
  });

  it('add texttrack to Vimeo embeds and keep a language the content chose', () => {
    renderRichContent(
      '<iframe src="https://player.vimeo.com/video/1" title="Vimeo"></iframe><iframe src="https://www.youtube.com/embed/x?hl=fr" title="French"></iframe>',
    );
    FakeObserver.all.forEach((o) => o.report(true));
    expect(new URL(screen.getByTitle('Vimeo').getAttribute('src')!).searchParams.get('texttrack')).toBe('en');
    expect(new URL(screen.getByTitle('French').getAttribute('src')!).searchParams.get('hl')).toBe('fr');
  });

  it('leave other frames without hints', () => {
    renderRichContent(HTML, { locale: 'ar-AR' });
    FakeObserver.all[0]!.report(true);
    const frame = screen.getByTitle('Safety walk-through');
    expect(frame.getAttribute('src')).toBe('https://pages.example/embed/1');
    expect(frame).not.toHaveAttribute('lang');
  });

  it('make the learner captions the default track of a video', () => {
    const { container } = renderRichContent(
      '<video src="/media/v.mp4"><track kind="captions" srclang="en" src="/media/en.vtt" default><track kind="captions" srclang="ar" src="/media/ar.vtt"></video>',
      { locale: 'ar-AR' },
    );
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('lang', 'ar-AR');
    const tracks = Array.from(video.querySelectorAll('track'));
    expect(tracks.map((t) => t.hasAttribute('default'))).toEqual([false, true]);
  });
});
