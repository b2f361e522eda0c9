import { describe, expect, it } from 'vitest';
import { productImageKeys, productImageSources } from './images';

describe('productImageSources', () => {
  it('derives a srcset for stored images', () => {
    expect(productImageSources('/uploads/products/abc_D-1024.webp', '100vw')).toEqual({
      src: '/uploads/products/abc_D-640.webp',
      srcSet: '/uploads/products/abc_D-320.webp 320w, /uploads/products/abc_D-640.webp 640w, /uploads/products/abc_D-1024.webp 1024w',
      sizes: '100vw',
    });
  });
  it('passes other paths through and handles none', () => {
    expect(productImageSources('https://cdn.example/x.jpg')).toEqual({ src: 'https://cdn.example/x.jpg' });
    expect(productImageSources('')).toBeNull();
    expect(productImageSources(null)).toBeNull();
  });
});

describe('productImageKeys', () => {
  it('names every width of a stored image from any one of them, and nothing for other keys', () => {
    expect(productImageKeys('products/-aB_9-1024.webp')).toEqual(['products/-aB_9-320.webp', 'products/-aB_9-640.webp', 'products/-aB_9-1024.webp']);
    expect(productImageKeys('knowledge/abc.pdf')).toBeUndefined();
    expect(productImageKeys('products/a/b-320.webp')).toBeUndefined();
  });
});
