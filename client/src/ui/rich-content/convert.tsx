// Sanitised content (a DOM fragment) as React elements, with the elements that have a behaviour
// replaced by their components: tables, images, iframes, file links, anchored headings,
// toggles and videos. Building React elements (rather than setting innerHTML and patching the
// DOM afterwards) keeps every behaviour an ordinary component with its own state and tests.
import { createElement, type ReactNode } from 'react';
import { AnchorHeading } from './AnchorHeading';
import { BlockedFileLink, FileLink } from './FileLink';
import type { GalleryItem } from './context';
import { fileTarget, isAttachmentLink, isPdfHref } from './files';
import { GalleryImage } from './Gallery';
import { LazyIframe } from './LazyIframe';
import { RichTable } from './RichTable';
import { resolveUrl } from './sanitize';
import { Toggle } from './Toggle';
import { isVideoEmbed, languageOf, withLanguageHints } from './video';

/** HTML attribute names whose React prop is spelled differently. */
const RENAMED: Record<string, string> = {
  class: 'className',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  allowfullscreen: 'allowFullScreen',
  referrerpolicy: 'referrerPolicy',
  datetime: 'dateTime',
  hreflang: 'hrefLang',
  srclang: 'srcLang',
  crossorigin: 'crossOrigin',
  usemap: 'useMap',
  accesskey: 'accessKey',
  cellpadding: 'cellPadding',
  cellspacing: 'cellSpacing',
  playsinline: 'playsInline',
  autoplay: 'autoPlay',
  'xml:lang': 'lang',
};

/** Attributes React wants as booleans. */
const BOOLEAN = new Set([
  'controls',
  'loop',
  'muted',
  'reversed',
  'default',
  'allowFullScreen',
  'playsInline',
  'autoPlay',
  'hidden',
  'open',
]);

const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'source', 'track', 'wbr']);

/** Elements in which whitespace text is not allowed as a child (React warns, browsers move it). */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

const TOGGLE_TITLE = /^(toggle-title|toggle__title|collapsible-title)$/;

export interface ConvertState {
  locale: string;
  /** The tenant's storage origins (`UiConfig.storageOrigins`). */
  storageOrigins: readonly string[];
  /** Storage files are read through the gateway, which needs a session. */
  signedIn: boolean;
  images: GalleryItem[];
}

interface Inside {
  link: boolean;
}

type Props = Record<string, unknown>;

/** React props of an element's attributes (no event handlers: the sanitiser left none anyway). */
export function attributesToProps(element: Element): Props {
  const props: Props = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (name.startsWith('on') || name === 'style') continue;
    const prop = RENAMED[name] ?? name;
    props[prop] = BOOLEAN.has(prop) ? true : value;
  }
  return props;
}

function isToggleMarked(element: Element): boolean {
  return (
    element.hasAttribute('data-toggle') ||
    element.classList.contains('toggle') ||
    element.classList.contains('collapsible')
  );
}

function children(parent: ParentNode, state: ConvertState, inside: Inside, skip?: Node | null): ReactNode[] {
  const out: ReactNode[] = [];
  const tableLike = parent instanceof Element && NO_TEXT.has(parent.tagName.toLowerCase());
  parent.childNodes.forEach((child, index) => {
    if (child === skip) return;
    if (tableLike && child.nodeType === Node.TEXT_NODE) return;
    const node = convertNode(child, state, index, inside);
    if (node !== null) out.push(node);
  });
  return out;
}

function text(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function convertToggle(element: Element, state: ConvertState, key: number, inside: Inside): ReactNode {
  const details = element.tagName.toLowerCase() === 'details';
  const title = details
    ? element.querySelector(':scope > summary')
    : (Array.from(element.children).find(
        (child) =>
          child.hasAttribute('data-toggle-title') || Array.from(child.classList).some((c) => TOGGLE_TITLE.test(c)),
      ) ?? element.firstElementChild);
  const open = element.hasAttribute('open') || element.hasAttribute('data-open');
  return (
    <Toggle key={key} title={title ? children(title, state, inside) : null} defaultExpanded={open}>
      {children(element, state, inside, title)}
    </Toggle>
  );
}

function convertLink(element: Element, props: Props, kids: ReactNode[], key: number, state: ConvertState): ReactNode {
  const href = element.getAttribute('href');
  if (!href) return createElement('a', { ...props, key }, ...kids);
  const pdf = isPdfHref(href, element.getAttribute('type'));
  const file = pdf || isAttachmentLink(element);
  if (!file) return createElement('a', { ...props, key }, ...kids);
  const name = text(element) || href;
  const target = fileTarget(href, state.storageOrigins);
  if (target.kind === 'blocked') return <BlockedFileLink key={key}>{kids}</BlockedFileLink>;
  if (target.kind === 'storage' && !state.signedIn) {
    return (
      <BlockedFileLink key={key} reason="signIn">
        {kids}
      </BlockedFileLink>
    );
  }
  // The link, the viewer and a download open the file where it can be read (the gateway's
  // proxy for a storage file); its size is asked for the address the content gives.
  return (
    <FileLink
      key={key}
      anchorProps={target.kind === 'storage' ? { ...props, href: target.url } : props}
      url={target.url}
      sizeUrl={target.kind === 'storage' ? target.source : target.url}
      name={name}
      pdf={pdf}
    >
      {kids}
    </FileLink>
  );
}

function convertIframe(element: Element, props: Props, key: number, locale: string): ReactNode {
  const url = resolveUrl(element.getAttribute('src'));
  if (!url) return null;
  const video = isVideoEmbed(url);
  const src = video ? withLanguageHints(url, locale).href : url.href;
  return (
    <LazyIframe
      key={key}
      {...props}
      src={src}
      lang={(props.lang as string | undefined) ?? (video ? locale : undefined)}
      title={(props.title as string | undefined) ?? undefined}
    />
  );
}

function convertVideo(element: Element, props: Props, state: ConvertState, key: number, inside: Inside): ReactNode {
  const lang = languageOf(state.locale);
  const tracks = Array.from(element.querySelectorAll(':scope > track'));
  const preferred = tracks.find((t) => languageOf(t.getAttribute('srclang') ?? '') === lang);
  if (preferred) {
    // The learner's captions are the default track; the content's own default gives way.
    tracks.forEach((t) => t.removeAttribute('default'));
    preferred.setAttribute('default', '');
  }
  return createElement(
    'video',
    { ...props, key, lang: props.lang ?? state.locale, controls: true },
    ...children(element, state, inside),
  );
}

function convertNode(node: Node, state: ConvertState, key: number, inside: Inside): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const props = attributesToProps(element);

  if (tag === 'details' || isToggleMarked(element)) return convertToggle(element, state, key, inside);
  if (tag === 'iframe') return convertIframe(element, props, key, state.locale);
  if (tag === 'video') return convertVideo(element, props, state, key, inside);
  if (tag === 'img') {
    if (inside.link || !props.src) return createElement('img', { ...props, key, alt: props.alt ?? '' });
    const index = state.images.length;
    state.images.push({ src: element.getAttribute('src') ?? '', alt: element.getAttribute('alt') ?? '' });
    return <GalleryImage key={key} index={index} imgProps={props} />;
  }
  if (VOID.has(tag)) return createElement(tag, { ...props, key });

  const kids = children(element, state, tag === 'a' ? { link: true } : inside);
  if (tag === 'a') return convertLink(element, props, kids, key, state);
  if (tag === 'table') {
    const caption = element.querySelector(':scope > caption');
    return (
      <RichTable key={key} name={caption ? text(caption) : null}>
        {createElement('table', props, ...kids)}
      </RichTable>
    );
  }
  if ((tag === 'h2' || tag === 'h3') && typeof props.id === 'string') {
    return (
      <AnchorHeading key={key} level={tag === 'h2' ? 2 : 3} headingProps={props} name={text(element)}>
        {kids}
      </AnchorHeading>
    );
  }
  return createElement(tag, { ...props, key }, ...(kids.length ? kids : []));
}

/** The fragment as React elements; the images found are appended to `state.images`. */
export function convertFragment(fragment: DocumentFragment, state: ConvertState): ReactNode[] {
  return children(fragment, state, { link: false });
}
