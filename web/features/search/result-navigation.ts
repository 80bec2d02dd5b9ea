// Arrow keys walk Search Everywhere's result links: focus moves from link to link, and Enter follows the
// focused one as any link does.

const resultLinks = (list: HTMLElement | null) => [...(list?.querySelectorAll<HTMLElement>('a[href]') ?? [])];

/** Focuses the first result; false when there is none. */
export function focusFirstResult(list: HTMLElement | null): boolean {
  const [first] = resultLinks(list);
  first?.focus();
  return first !== undefined;
}

/**
 * ArrowDown and ArrowUp move to the next and previous result (ArrowUp from the first goes back to the
 * search input), Home and End to the first and last. Returns whether the key was used.
 */
export function moveAmongResults(list: HTMLElement | null, input: HTMLElement | null, key: string): boolean {
  const links = resultLinks(list);
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (links.length === 0 || at < 0) return false;
  const targets: Readonly<Record<string, HTMLElement | null | undefined>> = {
    ArrowDown: links[Math.min(at + 1, links.length - 1)],
    ArrowUp: at === 0 ? input : links[at - 1],
    Home: links[0],
    End: links.at(-1),
  };
  const target = targets[key];
  if (!target) return false;
  target.focus();
  return true;
}
