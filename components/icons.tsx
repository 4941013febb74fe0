/**
 * The controls' icons: inline SVG drawn as Preact elements (no icon font, no HTML strings), in the text's colour.
 * Decorative: the button that holds one carries its name (aria-label or its text) and its title.
 * Paths: Material icons (Apache 2.0), 24×24.
 */
const PATHS = {
  copy: 'M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11z',
  download: 'M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z',
  up: 'M12 8l-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z',
  down: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  float: 'M19 11h-8v6h8zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z',
  dock: 'M16 20H2V4h14zm2-12h4V4h-4zm0 12h4v-4h-4zm0-6h4v-4h-4z',
  library:
    'M4 6H2v14a2 2 0 0 0 2 2h14v-2H4zm16-4H8a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm-8 12.5v-9l6 4.5z',
} as const;

export type IconName = keyof typeof PATHS;

/** One icon, sized by controls.css (.tl-icon); right to left mirrors none of them: they show no direction of text. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg class="tl-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
