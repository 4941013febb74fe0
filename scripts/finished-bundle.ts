import type { Plugin, Rollup } from 'vite';

type BundleHandler = Extract<Plugin['generateBundle'], { handler: unknown }>['handler'];

/** A plugin that rewrites the finished bundle, after every other plugin has had its turn at it. */
export function afterBundle(name: string, handler: BundleHandler): Plugin {
  return { name, generateBundle: { order: 'post', handler } };
}

/** The entry chunk of a one-module build (the frame's, a lazy module's), if it made one. */
export function entryChunk(bundle: Rollup.OutputBundle): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find((file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry);
}

/** Takes the build's stylesheets out of the bundle, as one text, for the module's own code or page to carry. */
export function takeStyles(bundle: Rollup.OutputBundle): string {
  const sheets = Object.values(bundle).filter(
    (file): file is Rollup.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'),
  );
  for (const sheet of sheets) delete bundle[sheet.fileName];
  return sheets.map((sheet) => String(sheet.source)).join('\n');
}
