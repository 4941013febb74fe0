import type { Plugin } from 'vite';
import { afterBundle, entryChunk, takeStyles } from './finished-bundle';

/** Where the frame's script puts the panel (entrypoints/panel-frame/index.ts). */
const page = (css: string, script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Transcript Lens</title>
    <style>${css}</style>
    <script type="module" src="/${script}"></script>
  </head>
  <body>
    <div id="app" class="tl-root"></div>
  </body>
</html>
`;

/**
 * The watch page's panel frame as two files, its document with the styles inline and one script, instead of an
 * extension page's shared chunks and stylesheets (eleven files): each file the frame loads costs a dozen tasks
 * on the extension process's main thread, per watch page (docs/benchmarks.md, "The panel in its frame"). The
 * unlisted script `entryName` is built as one module (wxt.config.ts); this writes `<entryName>.html` beside it.
 */
export function framePage(entryName: string): Plugin {
  return afterBundle('transcript-lens:frame-page', function (_options, bundle) {
    const entry = entryChunk(bundle);
    if (entry?.fileName !== `${entryName}.js`) this.error(`the panel frame's build must make ${entryName}.js`);
    const css = takeStyles(bundle);
    // The styles go inside a <style> element: text that would end it is refused, not escaped.
    if (/<\/style/i.test(css)) this.error("the panel frame's CSS may not contain </style");
    this.emitFile({ type: 'asset', fileName: `${entryName}.html`, source: page(css, entry.fileName) });
  });
}
