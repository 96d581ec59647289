// A tiny DOM builder for <vitals-scan>'s shadow root: no framework at run time.

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

function build<E extends Element>(el: E, attrs: Attrs, children: Child[]): E {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

/** An HTML element with attributes (true: present, false/null: absent) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), attrs, children);
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element, as h() does for HTML. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

/** Shows or hides an element (the `hidden` attribute: out of the accessibility tree too). */
export function show(el: Element, shown: boolean): void {
  el.toggleAttribute("hidden", !shown);
}

/** Sets text only when it changed (a live region speaks on every change). */
export function text(el: Element, value: string): void {
  if (el.textContent !== value) el.textContent = value;
}
