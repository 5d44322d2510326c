import type { Plugin } from 'vite';

/** What main.tsx imports for Mantine's styles: all of them while developing, the page-wide ones in a build. */
export const MANTINE_STYLES_MODULE = 'virtual:mantine-styles';
const RESOLVED = `\0${MANTINE_STYLES_MODULE}`;

/** A Mantine component's class map: `…/@mantine/core/esm/components/Button/Button.module.mjs`. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's styles per component (issue 26). In a build, each component's stylesheet is imported
 * by the module holding its class names, so it lands in the chunk that ships the component: the
 * home page's first load carries the styles of what it renders, not all of @mantine/core's (whose
 * 40 KB gzip sheet it carried before), and a dialog's styles come with the dialog's code. A
 * component's styles arrive no later than those of the components it is built on, which it
 * imports. Every sheet is the `.layer.css` edition, in the `mantine` cascade layer, so the app's
 * own CSS modules win over Mantine's whatever order the chunks' stylesheets load in.
 *
 * The dev server pre-bundles @mantine/core without running this transform, so there the module
 * brings the whole sheet.
 */
export function mantineStylesPerComponent(): Plugin {
  let build = false;
  return {
    name: 'flipstage-mantine-styles-per-component',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === MANTINE_STYLES_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const sheets = build
        ? ['baseline', 'default-css-variables', 'global'].map((name) => `@mantine/core/styles/${name}.layer.css`)
        : ['@mantine/core/styles.layer.css'];
      return [...sheets, '@mantine/notifications/styles.layer.css'].map((sheet) => `import '${sheet}';`).join('\n');
    },
    transform(code, id) {
      if (!build) return null;
      const component = CLASS_MAP.exec(id)?.[1];
      return component ? { code: `import '@mantine/core/styles/${component}.layer.css';\n${code}`, map: null } : null;
    },
  };
}
