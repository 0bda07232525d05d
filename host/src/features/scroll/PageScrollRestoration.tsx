import { useState } from 'react';
import { ScrollRestoration } from 'react-router-dom';
import { createScrollKeys } from './scrollKeys.ts';

/**
 * Where each page starts: at its top when reached by a link, where it was when reached by Back or Forward,
 * and where it is when a post opens as a modal over it (scrollKeys.ts). Rendered once, in the layout route.
 */
export function PageScrollRestoration() {
  const [getKey] = useState(createScrollKeys);
  return <ScrollRestoration getKey={getKey} />;
}
