import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyComponent', () => {
  it('draws its fallback until its code has arrived, and its component at once after', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads += 1;
      return Greeting;
    });
    expect(renderToStaticMarkup(<Lazy name="ana" fallback={<i>loading</i>} />)).toBe('<i>loading</i>');
    expect(renderToStaticMarkup(<Lazy name="ana" />)).toBe('');
    Lazy.preload();
    await Promise.resolve();
    await Promise.resolve();
    // Loaded: the first render draws the component itself (no fallback, no Suspense round), with its own props only.
    expect(renderToStaticMarkup(<Lazy name="ana" fallback={<i>loading</i>} />)).toBe('<p>hello ana</p>');
    Lazy.preload();
    expect(loads).toBe(1);
  });

  it('fetches again after a failed fetch', async () => {
    let attempt = 0;
    const Lazy = lazyComponent(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Greeting;
    });
    Lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderToStaticMarkup(<Lazy name="eva" fallback="…" />)).toBe('…');
    Lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempt).toBe(2);
    expect(renderToStaticMarkup(<Lazy name="eva" />)).toBe('<p>hello eva</p>');
  });
});
