import { describe, expect, it } from 'vitest';
import {
  firstPicturePreload,
  inlineStylesheet,
  markupClasses,
  screenAssets,
  scriptJson,
  stylesheetClasses,
  stylesheetUsed,
} from './server-render.ts';

const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    css: ['assets/index-1.css'],
    imports: ['_react-1.js'],
    dynamicImports: ['src/features/home/routes/home.tsx', 'src/features/auth/routes/login.tsx'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', css: ['assets/card-1.css'], imports: ['_react-1.js'] },
  'src/features/home/routes/home.tsx': {
    file: 'assets/home-1.js',
    css: ['assets/home-1.css'],
    imports: ['index.html', '_card-1.js'],
    dynamicImports: ['src/features/home/components/carousel.tsx'],
  },
  'src/features/home/components/carousel.tsx': {
    file: 'assets/carousel-1.js',
    css: ['assets/carousel-1.css'],
    imports: ['index.html'],
    dynamicImports: ['src/features/home/components/deep.tsx'],
  },
  'src/features/home/components/deep.tsx': { file: 'assets/deep-1.js', css: ['assets/deep-1.css'] },
  'src/features/auth/routes/login.tsx': { file: 'assets/login-1.js', css: ['assets/login-1.css'] },
};

describe('screenAssets', () => {
  it("links a screen's chunk, its imports and the stylesheets of its own later parts, not what the page has", () => {
    expect(screenAssets(manifest, 'features/home/routes/home.tsx')).toEqual({
      css: ['assets/home-1.css', 'assets/card-1.css', 'assets/carousel-1.css'],
      js: ['assets/home-1.js', 'assets/card-1.js'],
    });
  });

  it('has nothing for a screen the build does not know', () => {
    expect(screenAssets(manifest, 'features/nothing.tsx')).toEqual({ css: [], js: [] });
  });
});

describe('which screen stylesheets a page carries', () => {
  const card = stylesheetClasses(
    '/* .commented-out */ ._card_2vhaf_1{padding:1.5rem}._card_2vhaf_1:hover ._name_2vhaf_61{color:red}' +
      '@media (min-width:48em){.m_8a5d1357{font-size:.875rem;background:url(/assets/dot.svg)}}',
  );
  const modal = stylesheetClasses('.m_9df02822{position:fixed}.m_54c44539>.m_f11b401e{inset:0}');

  it("names the classes of a stylesheet's selectors, not its comments or numbers", () => {
    expect(card).toEqual(new Set(['_card_2vhaf_1', '_name_2vhaf_61', 'm_8a5d1357', 'svg']));
  });

  it('reads the classes the markup carries, with the spaces between them', () => {
    expect(
      markupClasses('<article class="_card_2vhaf_1  m_1b7284a3"><p class="">x</p><i CLASSES="no"></i></article>'),
    ).toEqual(new Set(['_card_2vhaf_1', 'm_1b7284a3']));
  });

  it("keeps a stylesheet whose classes the page uses, leaves out a closed modal's, keeps one that names no class", () => {
    const used = markupClasses('<ul><li><article class="_card_2vhaf_1"><h3 class="x">A</h3></article></li></ul>');
    expect(stylesheetUsed(card, used)).toBe(true);
    expect(stylesheetUsed(modal, used)).toBe(false);
    expect(stylesheetUsed(stylesheetClasses('body{margin:0}'), used)).toBe(true);
  });
});

describe('scriptJson', () => {
  it('writes JSON that cannot close its script element or open a comment', () => {
    const text = scriptJson({ note: '</script><script>alert(1)</script><!-- \u2028' });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual({ note: '</script><script>alert(1)</script><!-- \u2028' });
  });
});

describe('inlineStylesheet', () => {
  it("puts the rules in the page and leaves the stylesheet's link, disabled, for the app's loader to find", () => {
    expect(inlineStylesheet('assets/a-1.css', '.a{color:red}\n')).toBe(
      '<style data-href="/assets/a-1.css">.a{color:red}</style><link rel="stylesheet" href="/assets/a-1.css" disabled>',
    );
  });

  it('cannot be closed early by what the rules contain', () => {
    const markup = inlineStylesheet('assets/a-1.css', '.a::after{content:"</style><script>alert(1)</script>"}');
    // A <style> element's text ends only at `</style`; anything else in it is inert text.
    expect(markup.match(/<\/style/gi)).toHaveLength(1);
    expect(markup.indexOf('</style')).toBe(markup.indexOf('</style><link'));
  });
});

describe('firstPicturePreload', () => {
  it('announces the picture the page fetches first, as it is written in the page', () => {
    const html =
      '<div><img src="/uploads/a.svg?v=1&amp;w=2" alt="" loading="lazy"/><img src="/uploads/b.svg" alt="B" width="800" loading="eager" fetchPriority="high" class="x"/></div>';
    expect(firstPicturePreload(html)).toBe(
      '<link rel="preload" as="image" href="/uploads/b.svg" fetchpriority="high">',
    );
  });

  it('announces nothing on a page without such a picture', () => {
    expect(firstPicturePreload('<h1>Home</h1><img src="/a.svg" loading="lazy"/>')).toBe('');
  });
});
